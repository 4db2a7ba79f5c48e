import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// What a running server shares between its connections: counters, the request log and the users store.
final class ServerState: Sendable {
    let counters: [Endpoint: EndpointCounters]
    let recordsRequests: Bool
    let users = UserStore()
    private let log = NIOLockedValueBox<[RecordedRequest]>([])

    init(endpoints: [Endpoint], recordsRequests: Bool) {
        var counters: [Endpoint: EndpointCounters] = [:]
        for endpoint in endpoints { counters[endpoint] = EndpointCounters() }
        self.counters = counters
        self.recordsRequests = recordsRequests
    }

    /// Counts a request that reached a handler and records it when recording is on.
    func received(_ head: HTTPRequestHead, path: String, on endpoint: Endpoint, http2: Bool) {
        counters[endpoint]?.requests.add(1, ordering: .relaxed)
        guard recordsRequests else { return }
        let record = RecordedRequest(
            endpoint: endpoint,
            method: head.method.rawValue,
            uri: head.uri,
            path: path,
            httpVersion: http2 ? "HTTP/2" : "HTTP/\(head.version.major).\(head.version.minor)",
            headers: head.headers.map { RecordedRequest.HeaderField(name: $0.name, value: $0.value) }
        )
        log.withLockedValue { $0.append(record) }
    }

    var recorded: [RecordedRequest] { log.withLockedValue { $0 } }

    func clearLog() { log.withLockedValue { $0.removeAll() } }
}
