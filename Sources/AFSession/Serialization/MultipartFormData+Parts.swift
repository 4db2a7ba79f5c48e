import Foundation

extension MultipartFormData {
    /// One part: its header lines and where its bytes come from.
    public struct Part: Sendable {
        /// Where a part's bytes come from.
        public enum Source: Sendable {
            /// Bytes in memory.
            case data(Data)
            /// A file, opened and read only while the body is sent.
            case file(URL)
            /// An input stream made for each attempt (a redirect or retry sends the body again).
            case stream(@Sendable () throws -> InputStream)
        }
        /// The part's header lines, in order (`Content-Disposition` first).
        public var headers: HTTPHeaders
        /// The bytes.
        public var source: Source
        /// The body's length in bytes (a file's size when it was added).
        public var length: Int64
    }

    /// `form-data; name="…"` plus `; filename="…"` when there is a file name.
    static func disposition(name: String, fileName: String?) -> String {
        fileName.map { "form-data; name=\"\(name)\"; filename=\"\($0)\"" } ?? "form-data; name=\"\(name)\""
    }

    /// Adds a file, its name and MIME type taken from the path: the last path component, and
    /// the type for its extension (`application/octet-stream` when unknown).
    /// - Parameters:
    ///   - fileURL: A `file://` URL of a regular, readable file.
    ///   - name: The form field name.
    /// - Throws: `.requestSerialization(.unreadableFile)` when the file is missing, not a
    ///   regular file or not readable.
    public mutating func appendPart(fileURL: URL, name: String) throws(SessionError) {
        try appendPart(
            fileURL: fileURL,
            name: name,
            fileName: fileURL.lastPathComponent,
            mimeType: MIMEType.forPathExtension(fileURL.pathExtension)
        )
    }

    /// Adds a file with an explicit file name and MIME type. The size is taken now; the bytes
    /// are read while the body is sent.
    /// - Parameters:
    ///   - fileURL: A `file://` URL of a regular, readable file.
    ///   - name: The form field name.
    ///   - fileName: The file name the server sees.
    ///   - mimeType: The part's Content-Type.
    /// - Throws: `.requestSerialization(.unreadableFile)` when the file is missing, not a
    ///   regular file or not readable.
    public mutating func appendPart(fileURL: URL, name: String, fileName: String, mimeType: String) throws(SessionError)
    {
        let path = fileURL.path
        func unreadable(_ reason: String) -> SessionError {
            .requestSerialization(.unreadableFile(path: path, reason: reason))
        }
        guard fileURL.isFileURL else {
            throw .requestSerialization(.unreadableFile(path: fileURL.absoluteString, reason: "not a file URL"))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw unreadable("no such file")
        }
        guard !isDirectory.boolValue else { throw unreadable("is a directory") }
        guard FileManager.default.isReadableFile(atPath: path) else { throw unreadable("permission denied") }
        let size: Int64
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        } catch {
            throw unreadable("\(error)")
        }
        append(
            headers: [
                "Content-Disposition": Self.disposition(name: name, fileName: fileName), "Content-Type": mimeType,
            ],
            source: .file(fileURL),
            length: size
        )
    }

    /// Adds a part read from an input stream that yields exactly `length` bytes.
    /// - Parameters:
    ///   - makeStream: Makes a fresh, unopened stream; called once per attempt to send the body.
    ///   - length: The number of bytes the stream yields; fewer is an error while sending.
    ///   - name: The form field name.
    ///   - fileName: The file name the server sees.
    ///   - mimeType: The part's Content-Type.
    public mutating func appendPart(
        inputStream makeStream: @escaping @Sendable () throws -> InputStream,
        length: Int64,
        name: String,
        fileName: String,
        mimeType: String
    ) {
        append(
            headers: [
                "Content-Disposition": Self.disposition(name: name, fileName: fileName), "Content-Type": mimeType,
            ],
            source: .stream(makeStream),
            length: length
        )
    }

    /// Adds bytes as a file part.
    /// - Parameters:
    ///   - fileData: The bytes.
    ///   - name: The form field name.
    ///   - fileName: The file name the server sees.
    ///   - mimeType: The part's Content-Type.
    public mutating func appendPart(fileData: Data, name: String, fileName: String, mimeType: String) {
        append(
            headers: [
                "Content-Disposition": Self.disposition(name: name, fileName: fileName), "Content-Type": mimeType,
            ],
            source: .data(fileData),
            length: Int64(fileData.count)
        )
    }

    /// Adds a plain form field with bytes as its value (no file name, no Content-Type).
    /// - Parameters:
    ///   - formData: The value's bytes.
    ///   - name: The form field name.
    public mutating func appendPart(formData: Data, name: String) {
        append(
            headers: ["Content-Disposition": Self.disposition(name: name, fileName: nil)],
            source: .data(formData),
            length: Int64(formData.count)
        )
    }

    /// Adds a plain form field with text as its value, in ``stringEncoding``.
    /// - Parameters:
    ///   - string: The value.
    ///   - name: The form field name.
    public mutating func appendPart(string: String, name: String) {
        appendPart(formData: encode(string), name: name)
    }

    /// Adds a part with headers of your own.
    /// - Parameters:
    ///   - headers: The part's header lines, in order.
    ///   - body: The bytes.
    public mutating func appendPart(headers: HTTPHeaders, body: Data) {
        append(headers: headers, source: .data(body), length: Int64(body.count))
    }
}
