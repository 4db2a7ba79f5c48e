import CCurl

#if canImport(Glibc)
import Glibc
#endif

/// A libcurl share handle (`CURLSH *`) holding an in-memory cookie store.
///
/// A store may serve several sessions, whose transfers run on different loop threads: libcurl
/// takes the share's recursive mutex around every use of the shared data (uncontended within one
/// session). Not `Sendable`; `CookieStore` documents how it crosses threads.
final class CurlShare {
    /// The raw handle.
    let raw: UnsafeMutableRawPointer
    /// The mutex libcurl's lock callbacks take.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates a share handle that shares cookies, or returns nil when libcurl cannot.
    init?() {
        CurlGlobal.ensureInitialized()
        guard let handle = curl_share_init() else { return nil }
        let mutex = Self.makeRecursiveMutex()
        guard afc_share_setopt_long(handle, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_COOKIE.rawValue)) == CURLSHE_OK,
            afc_share_setopt_lock_function(handle, shareLock) == CURLSHE_OK,
            afc_share_setopt_unlock_function(handle, shareUnlock) == CURLSHE_OK,
            afc_share_setopt_pointer(handle, CURLSHOPT_USERDATA, UnsafeMutableRawPointer(mutex)) == CURLSHE_OK
        else {
            curl_share_cleanup(handle)
            Self.destroy(mutex)
            return nil
        }
        raw = handle
        self.mutex = mutex
    }

    deinit {
        // No easy handle is attached any more: each holds its share (`CurlEasy.attachedShare`).
        _ = curl_share_cleanup(raw)
        Self.destroy(mutex)
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
