/// The parts of ``Expectations`` few tests write, kept together in one box so that a test without any of
/// them stores a single nil instead of several hundred bytes of empty fields.
struct ExpectationExtras: Sendable {
    var xpath: [PathAssertion] = []
    var duration: [DurationAssertion] = []
    var tls: TLSExpectation = .trusted
    var certificate: CertificateExpectation?
    var schema: SchemaExpectation?
    var openapi: OpenAPIExpectation?
    var captures: [CaptureAssertion] = []
    var cookies: [CookieAssertion] = []
    var redirects: RedirectExpectation?
    var url: PredicateSet?
    var xpathNamespaces: [String: String] = [:]
    var httpVersion: PredicateSet?
    var error: String?
    var rawBody: RawBodyExpectation?

    /// Whether every part has its default (no box is needed).
    var isEmpty: Bool {
        xpath.isEmpty && duration.isEmpty && tls == .trusted && certificate == nil && schema == nil && openapi == nil
            && captures.isEmpty && cookies.isEmpty && redirects == nil && url == nil && xpathNamespaces.isEmpty
            && httpVersion == nil && error == nil && rawBody == nil
    }

    /// An immutable box: a change makes a new one, so copies of an `Expectations` never share a mutation.
    final class Box: Sendable {
        let value: ExpectationExtras
        init(_ value: ExpectationExtras) { self.value = value }
    }
}
