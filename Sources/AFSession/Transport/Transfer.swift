import CCurl
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One transfer while the loop runs it: the easy handle, the buffers libcurl's callbacks fill,
/// and what is needed to report the outcome.
///
/// Not `Sendable`: created, used and released on the transfer-loop thread only. libcurl's
/// callbacks reach it through an unretained `Unmanaged` pointer; the loop's table keeps it alive
/// until the handle has left the multi handle.
final class Transfer {
    /// What to run.
    let job: TransferJob
    /// The handle, owned while the transfer runs and handed back to the pool afterwards.
    let easy: CurlEasy
    /// `CURLOPT_ERRORBUFFER` storage.
    let errorBuffer: UnsafeMutablePointer<CChar>
    /// The URL as given to libcurl, kept to tell a redirect's effective URL from it without
    /// rebuilding the string (this runs on the loop thread for every transfer).
    var urlText = ""
    /// Request header lines; libcurl reads them while the transfer runs.
    var headerList = CurlStringList()
    /// The session's `resolve` and `connectTo` rules as libcurl reads them (kept, like `headerList`, until the
    /// transfer is done); nil when the session has none.
    var hostRuleLists: (resolve: CurlStringList, connectTo: CurlStringList)?
    /// The response head being parsed.
    var head = ResponseHeadParser()
    /// The body when the sink is memory.
    var body = Data()
    /// Body bytes delivered to the sink (after content decoding).
    var bodyBytes: Int64 = 0
    /// The whole body's SHA-256 as it arrives, when the request asks for it (memory sink only).
    lazy var hasher: SHA256Hasher? = job.sink.isMemory && job.request.digestsBody ? SHA256Hasher() : nil
    /// The body as it came over the wire, counted, hashed and decoded here, when the request measures it
    /// (memory sink only; libcurl's own decoding is then off).
    lazy var encodedBody: EncodedBodyMeter? =
        job.sink.isMemory && job.request.measuresEncodedBody
        ? EncodedBodyMeter(decodes: job.options.configuration.automaticDecompression) : nil
    /// The open download file, or -1.
    var fileDescriptor: Int32 = -1
    /// Set when writing the download file failed.
    var fileError: String?
    /// The request body source, when there is a body.
    var bodyReader: RequestBodyReader?
    /// Request body bytes handed to libcurl for the latest attempt (a rewind resets it), without
    /// chunked framing, which libcurl's `SIZE_UPLOAD` counts.
    var bodyBytesSent: Int64 = 0
    /// Set when reading the request body failed.
    var bodyError: String?
    /// The verify-callback context, made at the transfer's first TLS connection set-up when the
    /// policy uses one, and kept alive for the transfer.
    var verification: TLSVerificationContext?
    /// What the TLS handshake showed, read once at the first response header.
    var tlsEvidence: TLSEvidence?
    /// Whether the TLS evidence was looked for already.
    var evidenceChecked = false
    /// When progress was last reported, to keep reports to a few hundred per second.
    var lastProgressReport: ContinuousClock.Instant?
    /// The last reported byte counts (upload now, download now), to skip reports that change nothing.
    var lastProgressBytes: (Int64, Int64) = (-1, -1)
    /// The latest counts libcurl passed to the progress callback, reported or held back by the 20 ms limit:
    /// when no total is known the last ones are held back too, and `flushProgress()` sends them at the end.
    var latestProgress: (downloadTotal: Int64, downloadNow: Int64, uploadTotal: Int64, uploadNow: Int64)?
    /// The header names of the last request head libcurl sent, for a request with credentials.
    var sentHeaderNames: [String]?
    /// When the request's time limit runs out. libcurl checks its limit only between reads, and one read of a
    /// compressed body can decode for minutes (14 KiB of brotli are 16 GiB), so each decoded piece is checked.
    var deadline: ContinuousClock.Instant?
    /// Set when a body piece arrived past `deadline` and the transfer was stopped.
    var stoppedAtDeadline = false

    /// Creates the transfer; `configure()` sets the handle up.
    init(job: TransferJob, easy: CurlEasy) {
        self.job = job
        self.easy = easy
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        closeFile()
        bodyReader?.close()
        errorBuffer.deallocate()
    }

    /// The opaque pointer libcurl hands back to the callbacks.
    var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// libcurl's error-buffer text, or its generic text for `code`.
    func message(for code: CurlCode) -> String {
        let text = String(cString: errorBuffer)
        return text.isEmpty ? code.description : text
    }

    /// The verification context, made on first use (redirects may set up several connections).
    func verificationContext() -> TLSVerificationContext {
        if let verification { return verification }
        let context = TLSVerificationContext(policy: job.options.configuration.securityPolicy, url: job.request.url)
        verification = context
        return context
    }

    // MARK: Sinks

    /// Opens the download file when the sink is a file.
    func openSink() throws(SessionError) {
        guard case .file(let url) = job.sink else { return }
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw .fileSystem(
                FileSystemFailure(
                    path: url.path,
                    message: "cannot create the download file: \(String(cString: strerror(errno)))"
                )
            )
        }
        fileDescriptor = fd
    }

    /// Takes body bytes from libcurl; returns how many were consumed (fewer fails the transfer).
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        if isPastDeadline() { return 0 }
        guard fileDescriptor >= 0 else {
            if let encodedBody {
                encodedBody.take(bytes, contentEncoding: head.headers.values(for: "Content-Encoding")) {
                    keepBody($0)
                    return !isPastDeadline()
                }
                if stoppedAtDeadline { return 0 }
            } else {
                keepBody(bytes)
            }
            return bytes.count
        }
        if let failure = FileDescriptorWriter.writeAll(bytes, to: fileDescriptor) {
            fileError = String(cString: strerror(failure))
            return 0
        }
        bodyBytes += Int64(bytes.count)
        return bytes.count
    }

    /// Whether `deadline` has passed; marks the transfer stopped when it has (returning 0 to libcurl then
    /// ends the transfer, reported as a timeout).
    func isPastDeadline() -> Bool {
        guard let deadline, ContinuousClock.now >= deadline else { return false }
        stoppedAtDeadline = true
        return true
    }

    /// Keeps decoded body bytes in memory: only the first `maxBodyBytes` are kept; every byte is counted
    /// and hashed, so a body of any size leaves memory flat.
    func keepBody(_ bytes: UnsafeRawBufferPointer) {
        let limit = job.request.maxBodyBytes ?? Int.max
        if body.isEmpty, let expected = head.headers["Content-Length"].flatMap(Int.init), expected > 0,
            expected < 64 << 20
        {
            body.reserveCapacity(min(expected, limit))
        }
        let kept = min(bytes.count, max(0, limit - body.count))
        if kept > 0 {
            body.append(UnsafeBufferPointer(rebasing: bytes.assumingMemoryBound(to: UInt8.self)[..<kept]))
        }
        hasher?.update(bytes)
        bodyBytes += Int64(bytes.count)
    }

    /// Closes the download file if open.
    func closeFile() {
        guard fileDescriptor >= 0 else { return }
        close(fileDescriptor)
        fileDescriptor = -1
    }

    /// Takes one response header line.
    func receiveHeader(_ line: UnsafeRawBufferPointer) {
        if !evidenceChecked {
            evidenceChecked = true
            // The handshake is done and the connection still live: the one moment to read the chain.
            if let ssl = try? easy.sslPointer() { tlsEvidence = TLSEvidence(sslPointer: ssl) }
        }
        head.consume(line)
    }

    /// Reports progress to the delegate when bytes moved and enough time passed.
    func reportProgress(downloadTotal: Int64, downloadNow: Int64, uploadTotal: Int64, uploadNow: Int64) {
        latestProgress = (downloadTotal, downloadNow, uploadTotal, uploadNow)
        guard (uploadNow, downloadNow) != lastProgressBytes else { return }
        let now = ContinuousClock.now
        let finished = (downloadTotal > 0 && downloadNow == downloadTotal)
        if let last = lastProgressReport, now - last < .milliseconds(20), !finished { return }
        deliverProgress(
            downloadTotal: downloadTotal,
            downloadNow: downloadNow,
            uploadTotal: uploadTotal,
            uploadNow: uploadNow
        )
    }

    /// Reports the counts the 20 ms limit held back, once the transfer is over, so the last report a
    /// caller sees holds every byte that moved (a body of unknown length has no "finished" count).
    func flushProgress() {
        guard let latest = latestProgress, (latest.uploadNow, latest.downloadNow) != lastProgressBytes else { return }
        deliverProgress(
            downloadTotal: latest.downloadTotal,
            downloadNow: latest.downloadNow,
            uploadTotal: latest.uploadTotal,
            uploadNow: latest.uploadNow
        )
    }

    private func deliverProgress(downloadTotal: Int64, downloadNow: Int64, uploadTotal: Int64, uploadNow: Int64) {
        lastProgressReport = ContinuousClock.now
        lastProgressBytes = (uploadNow, downloadNow)
        // A body of unknown length goes chunked, and libcurl counts the chunks' framing among the bytes it
        // sent: report the body's own bytes instead, as `requestBodyBytes` does.
        let uploadCompleted = bodyReader != nil && uploadTotal <= 0 ? min(uploadNow, bodyBytesSent) : uploadNow
        job.delegate.transferDidProgress(
            upload: TransferProgress(
                completed: uploadCompleted,
                total: uploadTotal > 0 ? uploadTotal : job.request.body?.knownLength
            ),
            download: TransferProgress(completed: downloadNow, total: downloadTotal > 0 ? downloadTotal : nil)
        )
    }
}
