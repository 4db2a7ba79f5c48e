/// Routes that misbehave at the socket level, for reliability tests (HTTP/1.1 semantics; see the docs for h2).
enum FaultRoutes {
    static var routes: [Route] {
        [
            Route("/fault/reset", methods: nil) { _ in .fault(.reset) },
            Route("/fault/close-after-headers", methods: nil) { _ in .fault(.closeAfterHeaders) },
            Route("/fault/never-respond", methods: nil) { _ in .fault(.neverRespond) },
            Route("/fault/malformed-status", methods: nil) { _ in .fault(.malformedStatus) },
            Route("/fault/truncated", methods: nil) { _ in .fault(.truncated) },
            Route("/fault/long-header", methods: nil) { _ in .fault(.longHeader) },
            Route("/fault/slow-headers", methods: nil) { request in
                let milliseconds = request.queryValue("ms").flatMap(Int64.init) ?? 1000
                return .fault(.slowHeaders(.milliseconds(max(0, milliseconds))))
            },
        ]
    }
}
