import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// A libcurl share handle (`CURLSH *`) holding an in-memory cookie store.
///
/// A session's own store is made without locks: every easy handle that uses it runs on the one
/// transfer-loop thread. A `CookieStore` may serve several sessions, so its share is made
/// `threadSafe`: libcurl then takes a recursive mutex around every use of the shared data.
/// Not `Sendable`; `CookieStore` documents how it crosses threads.
final class CurlShare {
    /// The raw handle.
    let raw: UnsafeMutableRawPointer
    /// The mutex libcurl's lock callbacks take, when `threadSafe`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>?

    /// Creates a share handle that shares cookies, or returns nil when libcurl cannot.
    /// - Parameter threadSafe: whether transfers on different threads may use it.
    init?(threadSafe: Bool = false) {
        CurlGlobal.ensureInitialized()
        guard let handle = curl_share_init() else { return nil }
        var mutex: UnsafeMutablePointer<pthread_mutex_t>?
        var ok = afc_share_setopt_long(handle, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_COOKIE.rawValue)) == CURLSHE_OK
        if ok, threadSafe {
            let m = Self.makeRecursiveMutex()
            mutex = m
            ok = afc_share_setopt_lock_function(handle, shareLock) == CURLSHE_OK
                && afc_share_setopt_unlock_function(handle, shareUnlock) == CURLSHE_OK
                && afc_share_setopt_pointer(handle, CURLSHOPT_USERDATA, UnsafeMutableRawPointer(m)) == CURLSHE_OK
        }
        guard ok else {
            curl_share_cleanup(handle)
            if let mutex { Self.destroy(mutex) }
            return nil
        }
        raw = handle
        self.mutex = mutex
    }

    deinit {
        _ = curl_share_cleanup(raw)
        if let mutex { Self.destroy(mutex) }
    }

    /// Recursive, because libcurl may take the share's lock while it holds the cookie lock.
    private static func makeRecursiveMutex() -> UnsafeMutablePointer<pthread_mutex_t> {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        return mutex
    }

    private static func destroy(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }
}

/// libcurl's lock callback for a thread-safe share: one mutex for every kind of shared data.
private let shareLock: curl_lock_function = { _, _, _, user in
    guard let user else { return }
    pthread_mutex_lock(user.assumingMemoryBound(to: pthread_mutex_t.self))
}

/// libcurl's unlock callback for a thread-safe share.
private let shareUnlock: curl_unlock_function = { _, _, user in
    guard let user else { return }
    pthread_mutex_unlock(user.assumingMemoryBound(to: pthread_mutex_t.self))
}
