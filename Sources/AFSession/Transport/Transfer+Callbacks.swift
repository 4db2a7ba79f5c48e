import CCurl
import Foundation

// libcurl's C callbacks. Each is a global function (Swift forms C function pointers only from
// non-capturing code) that recovers its `Transfer` from the unretained user-data pointer. They
// run on the transfer-loop thread, inside `curl_multi_perform`, while the loop's table of running
// transfers holds each `Transfer`, so the unretained pointer stays valid for the call.

/// `CURLOPT_WRITEFUNCTION`: response body bytes.
func transferWriteCallback(
    _ data: UnsafeMutablePointer<CChar>?,
    _ size: Int,
    _ count: Int,
    _ user: UnsafeMutableRawPointer?
) -> Int {
    guard let data, let user else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(user).takeUnretainedValue()
    return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
}

/// `CURLOPT_HEADERFUNCTION`: one response header line.
func transferHeaderCallback(
    _ data: UnsafeMutablePointer<CChar>?,
    _ size: Int,
    _ count: Int,
    _ user: UnsafeMutableRawPointer?
) -> Int {
    guard let data, let user else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(user).takeUnretainedValue()
    transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
    return size * count
}

/// `CURLOPT_DEBUGFUNCTION` (with `CURLOPT_VERBOSE`, for a request with credentials): of what libcurl
/// reports, only each request head it sends (`CURLINFO_HEADER_OUT`), from which the header names are kept.
func transferDebugCallback(
    _ handle: UnsafeMutableRawPointer?,
    _ type: curl_infotype,
    _ data: UnsafeMutablePointer<CChar>?,
    _ size: Int,
    _ user: UnsafeMutableRawPointer?
) -> Int32 {
    guard type == CURLINFO_HEADER_OUT, let data, let user else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(user).takeUnretainedValue()
    transfer.sentHeaderNames = Transfer.headerNames(ofRequestHead: UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

/// `CURLOPT_READFUNCTION`: request body bytes.
func transferReadCallback(
    _ buffer: UnsafeMutablePointer<CChar>?,
    _ size: Int,
    _ count: Int,
    _ user: UnsafeMutableRawPointer?
) -> Int {
    guard let buffer, let user else { return afc_read_func_abort() }
    let transfer = Unmanaged<Transfer>.fromOpaque(user).takeUnretainedValue()
    guard let reader = transfer.bodyReader else { return 0 }
    do {
        let read = try reader.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
        transfer.bodyBytesSent += Int64(read)
        return read
    } catch {
        transfer.bodyError = "\(error)"
        return afc_read_func_abort()
    }
}

/// `CURLOPT_SEEKFUNCTION`: rewind the request body (redirects, retried connections).
func transferSeekCallback(_ user: UnsafeMutableRawPointer?, _ offset: curl_off_t, _ origin: Int32) -> Int32 {
    guard let user, origin == SEEK_SET else { return Int32(afc_seekfunc_cantseek()) }
    let transfer = Unmanaged<Transfer>.fromOpaque(user).takeUnretainedValue()
    guard let reader = transfer.bodyReader else { return Int32(afc_seekfunc_cantseek()) }
    guard reader.seek(to: Int64(offset)) else { return Int32(afc_seekfunc_fail()) }
    transfer.bodyBytesSent = Int64(offset)
    return Int32(afc_seekfunc_ok())
}

/// `CURLOPT_SSL_CTX_FUNCTION`: a new TLS connection for this transfer. Makes the transfer's
/// verification context (once) and installs the policy's verify callback with it.
func transferSSLContextCallback(
    _ curl: UnsafeMutableRawPointer?,
    _ sslContext: UnsafeMutableRawPointer?,
    _ user: UnsafeMutableRawPointer?
) -> CURLcode {
    // Without the transfer the policy cannot run: fail closed rather than connect unchecked.
    guard let user, let sslContext else { return CURLE_BAD_FUNCTION_ARGUMENT }
    let transfer = Unmanaged<Transfer>.fromOpaque(user).takeUnretainedValue()
    let context = transfer.verificationContext()
    let host = curl.flatMap(connectionHost) ?? context.host
    switch TLSHandshakeVerifier.install(sslContext: sslContext, context: context, host: host) {
    case .installed: return CURLE_OK
    case .outOfMemory: return CURLE_OUT_OF_MEMORY
    }
}

/// The host a new connection is for: the host of libcurl's current URL, which a followed redirect
/// has already replaced when the new connection is set up.
private func connectionHost(_ curl: UnsafeMutableRawPointer) -> String? {
    var url: UnsafeMutablePointer<CChar>? = nil
    guard afc_easy_getinfo_string(curl, CURLINFO_EFFECTIVE_URL, &url) == CURLE_OK, let url else { return nil }
    guard let host = URLComponents(string: String(cString: url))?.host, !host.isEmpty else { return nil }
    return X509HostCheck.normalized(host)
}

/// `CURLOPT_XFERINFOFUNCTION`: byte counts, reported to the task.
func transferProgressCallback(
    _ user: UnsafeMutableRawPointer?,
    _ downloadTotal: curl_off_t,
    _ downloadNow: curl_off_t,
    _ uploadTotal: curl_off_t,
    _ uploadNow: curl_off_t
) -> Int32 {
    guard let user else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(user).takeUnretainedValue()
    transfer.reportProgress(
        downloadTotal: Int64(downloadTotal),
        downloadNow: Int64(downloadNow),
        uploadTotal: Int64(uploadTotal),
        uploadNow: Int64(uploadNow)
    )
    return 0
}
