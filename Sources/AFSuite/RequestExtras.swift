/// The parts of ``RequestSpec`` few tests write, kept together in one box.
struct RequestExtras: Sendable, Hashable {
    var timeout: Double?
    var followRedirects: Bool?
    var tls: TLSSpec?
    var maxBodyBytes: Int?
    var basicAuth: BasicAuthSpec?
    var auth: AuthSpec?
    var settings = RequestSettings()

    /// An immutable box: a change makes a new one, so copies of a `RequestSpec` never share a mutation.
    final class Box: Sendable {
        let value: RequestExtras
        init(_ value: RequestExtras) { self.value = value }
    }
}
