import Foundation

/// What an image's header says: its format and size in pixels. Decoded from the first bytes
/// only; no pixel is decoded (Linux has no UIImage or NSImage to hand back).
public struct ImageInfo: Sendable, Hashable {
    /// An image format whose header can be read.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// PNG: the size from the IHDR chunk.
        case png
        /// JPEG: the size from the first start-of-frame (SOF) marker.
        case jpeg
        /// GIF87a / GIF89a: the logical screen size.
        case gif
        /// Windows bitmap: the size from the DIB header.
        case bmp
        /// TIFF: the size from the first image directory.
        case tiff
        /// Windows icon: the size of the first image in the directory.
        case ico
        /// X bitmap (text): the size from the `#define …_width/_height` lines.
        case xbm
    }

    /// The format.
    public var format: Format
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int

    /// Creates an image description.
    public init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// Reads the header of `data` in whatever supported format it has.
    /// - Parameter data: The image bytes (the header is enough).
    /// - Returns: The description, or nil when the bytes are no supported image.
    public init?(data: Data) {
        for format in Format.allCases {
            if let info = ImageInfo(data: data, format: format) {
                self = info
                return
            }
        }
        return nil
    }

    /// Reads the header of `data` as `format`.
    /// - Parameters:
    ///   - data: The image bytes.
    ///   - format: The format the bytes must have.
    /// - Returns: The description, or nil when the bytes are not a valid header of that format.
    public init?(data: Data, format: Format) {
        let bytes = [UInt8](data.prefix(format == .jpeg ? data.count : 4096))
        let reader = ImageHeaderReader(bytes: bytes)
        let size: (Int, Int)?
        switch format {
        case .png: size = reader.png()
        case .jpeg: size = reader.jpeg()
        case .gif: size = reader.gif()
        case .bmp: size = reader.bmp()
        case .tiff: size = reader.tiff()
        case .ico: size = reader.ico()
        case .xbm: size = reader.xbm()
        }
        guard let (width, height) = size, width > 0, height > 0 else { return nil }
        self.init(format: format, width: width, height: height)
    }

    /// The format a MIME type declares (AF's image content types), or nil for others.
    /// - Parameter mimeType: E.g. `image/png`.
    public static func format(forMIMEType mimeType: String) -> Format? {
        switch mimeType.lowercased() {
        case "image/png": .png
        case "image/jpeg", "image/jpg", "image/pjpeg": .jpeg
        case "image/gif": .gif
        case "image/bmp", "image/x-bmp", "image/x-win-bitmap": .bmp
        case "image/tiff": .tiff
        case "image/ico", "image/x-icon", "image/vnd.microsoft.icon": .ico
        case "image/x-xbitmap": .xbm
        default: nil
        }
    }
}
