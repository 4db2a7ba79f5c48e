import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads a multipart body segment by segment as the transfer asks for bytes: boundaries and
/// headers from memory, files through a descriptor opened when their turn comes, streams
/// made when their turn comes. Used by one thread at a time, as ``RequestBodyStream`` requires.
final class MultipartBodyStream: BandwidthLimitedBodyStream {
    /// A run of body bytes.
    enum Segment: Sendable {
        /// Bytes in memory.
        case data(Data)
        /// A file's first `length` bytes.
        case file(URL, length: Int64)
        /// A stream's first `length` bytes.
        case stream(@Sendable () throws -> InputStream, length: Int64)

        /// The segment's length in bytes.
        var length: Int64 {
            switch self {
            case .data(let data): Int64(data.count)
            case .file(_, let length), .stream(_, let length): length
            }
        }
    }

    /// What is being read now.
    private enum Reader {
        case data(Data, offset: Int)
        case file(descriptor: Int32, path: String, remaining: Int64)
        case stream(InputStream, remaining: Int64)
    }

    let maxSendBytesPerSecond: Int64?
    private let segments: [Segment]
    private var nextSegment = 0
    private var reader: Reader?

    init(segments: [Segment], maxSendBytesPerSecond: Int64?) {
        self.segments = segments
        self.maxSendBytesPerSecond = maxSendBytesPerSecond
    }

    deinit { close() }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var filled = 0
        while filled < buffer.count {
            if reader == nil {
                guard nextSegment < segments.count else { break }
                reader = try open(segments[nextSegment])
                nextSegment += 1
            }
            let target = UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])
            let count = try readCurrent(into: target)
            if count == 0 { finishCurrent() } else { filled += count }
        }
        return filled
    }

    func close() {
        finishCurrent()
        nextSegment = segments.count
    }

    private func open(_ segment: Segment) throws -> Reader {
        switch segment {
        case .data(let data):
            return .data(data, offset: 0)
        case .file(let url, let length):
            let descriptor = Glibc.open(url.path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw SessionError.requestSerialization(
                    .unreadableFile(path: url.path, reason: String(cString: strerror(errno)))
                )
            }
            return .file(descriptor: descriptor, path: url.path, remaining: length)
        case .stream(let make, let length):
            let stream = try make()
            stream.open()
            return .stream(stream, remaining: length)
        }
    }

    /// Copies from the current segment; 0 means it is done.
    private func readCurrent(into target: UnsafeMutableRawBufferPointer) throws -> Int {
        switch reader {
        case .none:
            return 0
        case .data(let data, let offset):
            let count = min(target.count, data.count - offset)
            guard count > 0 else { return 0 }
            data.withUnsafeBytes { source in
                target.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: count)
            }
            reader = .data(data, offset: offset + count)
            return count
        case .file(let descriptor, let path, let remaining):
            guard remaining > 0 else { return 0 }
            let wanted = Int(min(Int64(target.count), remaining))
            var count: Int
            repeat { count = Glibc.read(descriptor, target.baseAddress, wanted) } while count < 0 && errno == EINTR
            if count < 0 {
                throw SessionError.requestSerialization(
                    .unreadableFile(path: path, reason: String(cString: strerror(errno)))
                )
            }
            // The size was promised in Content-Length; a file that shrank cannot keep it.
            guard count > 0 else {
                throw SessionError.requestSerialization(
                    .unreadableFile(
                        path: path,
                        reason: "file ended \(remaining) bytes early (it changed after it was added)"
                    )
                )
            }
            reader = .file(descriptor: descriptor, path: path, remaining: remaining - Int64(count))
            return count
        case .stream(let stream, let remaining):
            guard remaining > 0 else { return 0 }
            let wanted = Int(min(Int64(target.count), remaining))
            let count = stream.read(target.baseAddress!.assumingMemoryBound(to: UInt8.self), maxLength: wanted)
            guard count > 0 else {
                let why = stream.streamError.map { "\($0)" } ?? "stream ended \(remaining) bytes early"
                throw SessionError.requestSerialization(.unreadableFile(path: "(input stream)", reason: why))
            }
            reader = .stream(stream, remaining: remaining - Int64(count))
            return count
        }
    }

    private func finishCurrent() {
        switch reader {
        case .file(let descriptor, _, _): _ = Glibc.close(descriptor)
        case .stream(let stream, _): stream.close()
        case .data, .none: break
        }
        reader = nil
    }
}
