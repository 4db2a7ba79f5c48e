import Foundation

/// What a data or upload task produced: the request sent, the response head, the body in memory,
/// and the transfer's metrics.
public struct DataResponse: Sendable {
    /// The request as it was sent (after the session's default headers were applied).
    public var request: HTTPRequest
    /// The final response head.
    public var response: HTTPResponse
    /// The response body, or its first ``HTTPRequest/maxBodyBytes`` bytes (see ``body``).
    public var data: Data
    /// Timing phases, sizes, connection and TLS details.
    public var metrics: TransferMetrics
    /// The whole body's length and digest, and whether `data` holds all of it.
    public var body: ResponseBodySummary

    /// Creates a data response.
    /// - Parameter body: the whole body's summary; by default, `data` is the whole body, not hashed.
    public init(
        request: HTTPRequest,
        response: HTTPResponse,
        data: Data,
        metrics: TransferMetrics,
        body: ResponseBodySummary? = nil
    ) {
        self.request = request
        self.response = response
        self.data = data
        self.metrics = metrics
        self.body = body ?? ResponseBodySummary(length: Int64(data.count), keptLength: Int64(data.count))
    }
}

/// What a download task produced: the body was streamed to a file, never held in memory.
public struct DownloadResponse: Sendable {
    /// The request as it was sent.
    public var request: HTTPRequest
    /// The final response head.
    public var response: HTTPResponse
    /// Where the body is now: the destination chosen by the task's destination closure.
    public var fileURL: URL
    /// Timing phases, sizes, connection and TLS details.
    public var metrics: TransferMetrics

    /// Creates a download response.
    public init(request: HTTPRequest, response: HTTPResponse, fileURL: URL, metrics: TransferMetrics) {
        self.request = request
        self.response = response
        self.fileURL = fileURL
        self.metrics = metrics
    }
}

/// A response whose body a response serializer has decoded into a value.
public struct SerializedResponse<Value: Sendable>: Sendable {
    /// The decoded value.
    public var value: Value
    /// The raw response it was decoded from.
    public var raw: DataResponse

    /// Creates a serialized response.
    public init(value: Value, raw: DataResponse) {
        self.value = value
        self.raw = raw
    }
}
