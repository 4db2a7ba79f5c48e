import COpenSSL
import Foundation
import Locking

/// A loaded `X509_STORE *` shared by every evaluation that uses the same trust store.
///
/// `@unchecked Sendable`: the store is filled once in `TrustStoreCache.store(for:)` and only read
/// afterwards; OpenSSL guards concurrent lookups in an `X509_STORE` with the store's own lock.
final class LoadedTrustStore: @unchecked Sendable {
    /// The `X509_STORE *`.
    let pointer: OpaquePointer

    init(pointer: OpaquePointer) { self.pointer = pointer }
    deinit { X509_STORE_free(pointer) }
}

/// Loads each trust store once per process: parsing Debian's bundle costs milliseconds, and the
/// handshake callback evaluates every new connection. A file changed on disk after first use is
/// not re-read until the process restarts.
enum TrustStoreCache {
    private static let stores = LockedValue<[TrustStore: LoadedTrustStore]>([:])

    /// Debian's CA bundle, the system store.
    static let systemBundlePath = "/etc/ssl/certs/ca-certificates.crt"

    /// The loaded store, or a sentence saying what could not be read.
    static func store(for trustStore: TrustStore) -> Result<LoadedTrustStore, TrustLoadFailure> {
        if let cached = stores.withLock({ $0[trustStore] }) { return .success(cached) }
        let loaded = load(trustStore)
        if case .success(let store) = loaded {
            // Two threads may both load; keep whichever came first.
            return .success(stores.withLock { $0[trustStore, default: store] })
        }
        return loaded
    }

    private static func load(_ trustStore: TrustStore) -> Result<LoadedTrustStore, TrustLoadFailure> {
        guard let store = X509_STORE_new() else { return .failure(TrustLoadFailure(message: "out of memory")) }
        let loaded = LoadedTrustStore(pointer: store)
        defer { ERR_clear_error() }
        switch trustStore {
        case .system:
            guard X509_STORE_load_file(store, systemBundlePath) == 1 else {
                return .failure(TrustLoadFailure(message: "cannot read the system CA bundle \(systemBundlePath)"))
            }
        case .caFile(let url):
            guard X509_STORE_load_file(store, url.path) == 1 else {
                return .failure(
                    TrustLoadFailure(message: "cannot read CA file \(url.path): not readable PEM certificates")
                )
            }
        case .caDirectory(let url):
            // Hashed names (`openssl rehash`) are looked up lazily, as curl's CAPATH does; plain
            // certificate files are added too so an un-hashed folder works as well.
            X509_STORE_load_path(store, url.path)
            guard let files = try? SecurityPolicy.certificateFiles(in: url) else {
                return .failure(TrustLoadFailure(message: "cannot list CA directory \(url.path)"))
            }
            for file in files {
                guard let data = try? Data(contentsOf: file) else { continue }
                for certificate in X509Certificate.certificates(pemOrDER: data) {
                    X509_STORE_add_cert(store, certificate.pointer)
                }
            }
        }
        return .success(loaded)
    }
}

/// Why a trust store could not be loaded.
struct TrustLoadFailure: Error {
    /// A sentence naming the file.
    var message: String
}
