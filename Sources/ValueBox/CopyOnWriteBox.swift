/// A value's fields kept behind one shared reference and copied on the first change made while
/// another value shares them: how a large struct (a request, a result, a transfer's metrics) stays
/// one pointer wide when it is passed between tasks and threads, and still behaves as a value.
///
/// A type keeps its stored properties in a `Fields` struct and forwards each public property to
/// `fields` (`get { box.fields.name }`, `_modify { yield &box.fields.name }`), so a change made in
/// place (appending to an array field) copies nothing when the box is not shared. `Fields` and the box
/// are `@usableFromInline` and the accessors `@inlinable`: a `_modify` called out of line from another
/// module is a coroutine whose frame libc allocates at each call (three such calls per request
/// built were three `malloc`s), and a getter called out of line is a call per field read.
@frozen
public struct CopyOnWriteBox<Fields: Sendable>: @unchecked Sendable {
    // Unchecked: the storage is changed only after `isKnownUniquelyReferenced` proved this value its
    // sole owner; a shared storage is never written.
    @usableFromInline
    final class Storage {
        @usableFromInline var fields: Fields
        @inlinable init(_ fields: Fields) { self.fields = fields }
    }

    @usableFromInline var storage: Storage

    /// Boxes `fields`.
    @inlinable
    public init(_ fields: Fields) { storage = Storage(fields) }

    /// The fields; a change first gives this value its own copy if another value shares it.
    @inlinable
    public var fields: Fields {
        get { storage.fields }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            yield &storage.fields
        }
    }

    /// Whether `other` shares this value's storage (equal fields without comparing them).
    @inlinable
    public func sharesStorage(with other: CopyOnWriteBox) -> Bool { storage === other.storage }
}
