/// A request body stream that asks the transfer to send no faster than a rate: AF's
/// `throttleBandwidthWithPacketSize:delay:` without sleeping on the transfer thread.
///
/// The transfer loop applies it after making the stream, with
/// `CURLOPT_MAX_SEND_SPEED_LARGE` on the easy handle; the stream itself never waits.
public protocol BandwidthLimitedBodyStream: RequestBodyStream {
    /// The most body bytes per second to send, or nil for no limit.
    var maxSendBytesPerSecond: Int64? { get }
}
