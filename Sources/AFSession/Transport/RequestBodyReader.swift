import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Feeds a request body to libcurl's read callback and rewinds it for the seek callback, so a
/// redirect (or a retried connection) can send the body again.
///
/// Not `Sendable`: used by one transfer on the loop thread.
final class RequestBodyReader {
    private enum Source {
        case data(Data, offset: Int)
        case file(fd: Int32, path: String)
        case stream(any RequestBodyStream, make: @Sendable () throws -> any RequestBodyStream)
    }

    private var source: Source
    private var closed = false

    /// Opens the body for reading.
    init(_ body: RequestBody) throws(SessionError) {
        switch body {
        case .data(let data):
            source = .data(data, offset: 0)
        case .file(let url):
            let fd = open(url.path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                throw .fileSystem(
                    FileSystemFailure(
                        path: url.path,
                        message: "cannot open the upload file: \(String(cString: strerror(errno)))"
                    )
                )
            }
            source = .file(fd: fd, path: url.path)
        case .stream(_, let make):
            do {
                source = .stream(try make(), make: make)
            } catch {
                throw .requestSerialization(.invalidParameters("the body stream could not be created: \(error)"))
            }
        }
    }

    /// Copies up to `buffer.count` bytes; 0 is the end of the body.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        switch source {
        case .data(let data, let offset):
            let count = min(buffer.count, data.count - offset)
            guard count > 0 else { return 0 }
            data.withUnsafeBytes { bytes in
                buffer.baseAddress!.copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
            }
            source = .data(data, offset: offset + count)
            return count
        case .file(let fd, let path):
            while true {
                let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
                if count >= 0 { return count }
                if errno != EINTR {
                    throw FileSystemFailure(
                        path: path,
                        message: "cannot read the upload file: \(String(cString: strerror(errno)))"
                    )
                }
            }
        case .stream(let stream, _):
            return try stream.read(into: buffer)
        }
    }

    /// Moves to `offset` from the start; returns false when the body cannot go there.
    func seek(to offset: Int64) -> Bool {
        switch source {
        case .data(let data, _):
            guard offset >= 0, offset <= Int64(data.count) else { return false }
            source = .data(data, offset: Int(offset))
            return true
        case .file(let fd, _):
            return lseek(fd, off_t(offset), SEEK_SET) == off_t(offset)
        case .stream(let stream, let make):
            // A stream only rewinds to the start, by making a fresh one.
            guard offset == 0, let fresh = try? make() else { return false }
            stream.close()
            source = .stream(fresh, make: make)
            return true
        }
    }

    /// The upload rate limit a throttled stream asks for (AF's `throttleBandwidth…`), if any.
    var maxSendBytesPerSecond: Int64? {
        guard case .stream(let stream, _) = source, let limited = stream as? any BandwidthLimitedBodyStream else {
            return nil
        }
        return limited.maxSendBytesPerSecond
    }

    /// Releases the file or stream; safe to call twice.
    func close() {
        guard !closed else { return }
        closed = true
        switch source {
        case .data: break
        case .file(let fd, _): Glibc.close(fd)
        case .stream(let stream, _): stream.close()
        }
    }
}

extension FileSystemFailure: Error {}
