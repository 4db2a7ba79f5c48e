/// MIME types for file name extensions, for multipart file parts (AF asks the system's UTI
/// database; Linux has none, so a table of common types stands in).
public enum MIMEType {
    /// The type for files of unknown kind.
    public static let fallback = "application/octet-stream"

    /// The MIME type for a path extension (case-insensitive, without the dot), or
    /// `application/octet-stream` when it is not in the table.
    /// - Parameter pathExtension: E.g. `png`, `JSON`.
    /// - Returns: E.g. `image/png`.
    public static func forPathExtension(_ pathExtension: String) -> String {
        table[pathExtension.lowercased()] ?? fallback
    }

    static let table: [String: String] = [
        "txt": "text/plain", "text": "text/plain", "log": "text/plain", "md": "text/markdown",
        "html": "text/html", "htm": "text/html", "css": "text/css", "csv": "text/csv",
        "xml": "application/xml", "js": "text/javascript", "mjs": "text/javascript",
        "json": "application/json", "plist": "application/x-plist", "yaml": "application/yaml",
        "yml": "application/yaml", "pdf": "application/pdf", "zip": "application/zip",
        "gz": "application/gzip", "tgz": "application/gzip", "tar": "application/x-tar",
        "bz2": "application/x-bzip2", "xz": "application/x-xz", "7z": "application/x-7z-compressed",
        "wasm": "application/wasm", "bin": "application/octet-stream",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "bmp": "image/bmp", "tif": "image/tiff", "tiff": "image/tiff", "ico": "image/x-icon",
        "svg": "image/svg+xml", "webp": "image/webp", "heic": "image/heic", "avif": "image/avif",
        "mp3": "audio/mpeg", "wav": "audio/wav", "ogg": "audio/ogg", "m4a": "audio/mp4", "flac": "audio/flac",
        "mp4": "video/mp4", "m4v": "video/mp4", "mov": "video/quicktime", "webm": "video/webm",
        "avi": "video/x-msvideo", "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
    ]
}
