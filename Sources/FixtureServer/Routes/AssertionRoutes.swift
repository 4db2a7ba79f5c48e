import NIOHTTP1

/// Documents for the assertion language's tests: strings in every `format`, a float sum that is not
/// exactly 0.3, lists, and text that filters decode (base64, URL and HTML escapes, JSON in a string).
enum AssertionRoutes {
    /// Written as text, not serialized, so the number literals are exactly these.
    static let valuesDocument = """
        {"id":"4c3b7f6a-9d2e-4f1a-8b5c-2e7d9a0f1b3c","created":"2026-11-26T14:00:00Z","day":"2026-11-26",\
        "at":"14:00:00Z","email":"ada@example.com","ipv4":"192.0.2.10","ipv6":"2001:db8::1",\
        "homepage":"https://example.com/ada","host":"api.example.com","count":"42","ratio":"-1.5e3",\
        "sum":0.30000000000000004,"tags":["alpha","beta","gamma"],"scores":[3,5,8],"name":"Ada Lovelace",\
        "short":"4c3b7f6a","encoded":"aGVsbG8gd29ybGQ=","escaped":"caf%C3%A9%20au%20lait",\
        "html":"&lt;b&gt;bold&lt;/b&gt; &amp; more","nested":"{\\"a\\":{\\"b\\":[1,2,3]}}","csv":"red,green,blue",\
        "padded":"  Mixed Case  ","httpDate":"Wed, 21 Oct 2015 07:28:00 GMT","latin1":"Y2Fm6Q=="}
        """

    static var routes: [Route] {
        [
            Route("/values") { _ in .response(.bytes(Array(valuesDocument.utf8), contentType: "application/json")) }
        ]
    }
}
