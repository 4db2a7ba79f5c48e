import CCurl

/// A `struct curl_slist` (header lines), freed when the owner lets it go.
///
/// Not `Sendable`: owned by one transfer on the loop thread; libcurl reads it during the transfer,
/// so the owner keeps it alive until the transfer is done.
final class CurlStringList {
    /// The first node, or nil for an empty list.
    private(set) var head: UnsafeMutablePointer<curl_slist>?

    /// Creates an empty list.
    init() {}

    /// Appends a line; returns false when libcurl could not allocate it.
    @discardableResult
    func append(_ line: String) -> Bool {
        guard let newHead = line.withCString({ curl_slist_append(head, $0) }) else { return false }
        head = newHead
        return true
    }

    deinit { curl_slist_free_all(head) }
}
