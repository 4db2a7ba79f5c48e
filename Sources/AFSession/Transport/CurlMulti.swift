import CCurl

/// A libcurl multi handle (`CURLM *`): drives many easy handles over shared connections.
///
/// Not `Sendable`: only the transfer loop's thread calls it, except `wakeup()`, which libcurl
/// documents as callable from any thread and which `TransferLoop` reaches through a raw pointer.
final class CurlMulti {
    /// The raw handle.
    let raw: UnsafeMutableRawPointer

    /// Creates a multi handle, or returns nil when libcurl is out of memory.
    init?() {
        CurlGlobal.ensureInitialized()
        guard let handle = curl_multi_init() else { return nil }
        raw = handle
    }

    deinit { _ = curl_multi_cleanup(raw) }

    /// Turns a multi result into an error naming the call.
    @inline(__always)
    static func check(_ code: CURLMcode, _ what: @autoclosure () -> String) throws(CurlMultiError) {
        guard code != CURLM_OK else { return }
        throw CurlMultiError(code: code.rawValue, call: what())
    }

    /// Sets a `long` option.
    func set(_ option: CURLMoption, _ value: Int) throws(CurlMultiError) {
        try Self.check(afc_multi_setopt_long(raw, option, value), "multi_setopt \(option.rawValue)")
    }

    /// Adds a transfer; it starts on the next `perform`.
    func add(_ easy: CurlEasy) throws(CurlMultiError) {
        try Self.check(curl_multi_add_handle(raw, easy.raw), "multi_add_handle")
    }

    /// Removes a transfer, finished or not.
    func remove(_ easy: CurlEasy) throws(CurlMultiError) {
        try Self.check(curl_multi_remove_handle(raw, easy.raw), "multi_remove_handle")
    }

    /// Does whatever work is ready without blocking; returns the number of running transfers.
    func perform() throws(CurlMultiError) -> Int {
        var running: Int32 = 0
        try Self.check(curl_multi_perform(raw, &running), "multi_perform")
        return Int(running)
    }

    /// Waits for socket activity, libcurl's own timeout, `wakeup()` or `timeoutMilliseconds`.
    func poll(timeoutMilliseconds: Int32) throws(CurlMultiError) {
        var ready: Int32 = 0
        try Self.check(curl_multi_poll(raw, nil, 0, timeoutMilliseconds, &ready), "multi_poll")
    }

    /// Reads the next finished transfer: its easy handle pointer and result code.
    func nextFinished() -> (easy: UnsafeMutableRawPointer, code: CURLcode)? {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(raw, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            return (easy, message.pointee.data.result)
        }
        return nil
    }
}

/// A multi-interface call that returned an error code.
struct CurlMultiError: Error, CustomStringConvertible {
    /// The `CURLMcode`.
    var code: Int32
    /// The call.
    var call: String

    var description: String {
        "\(call): \(String(cString: curl_multi_strerror(CURLMcode(rawValue: code)))) (CURLMcode \(code))"
    }
}
