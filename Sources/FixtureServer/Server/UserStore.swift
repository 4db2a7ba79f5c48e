import Foundation
import NIOConcurrencyHelpers

/// The in-memory users of `/api/users`: JSON objects by id, seeded with two users.
final class UserStore: Sendable {
    private struct Table {
        var nextID = 3
        var users: [Int: Data] = [
            1: Data(#"{"email":"ada@example.test","id":1,"name":"Ada Lovelace","role":"admin"}"#.utf8),
            2: Data(#"{"email":"grace@example.test","id":2,"name":"Grace Hopper","role":"user"}"#.utf8),
        ]
    }

    private let table = NIOLockedValueBox(Table())

    /// Every user, ordered by id.
    func all() -> [Data] { table.withLockedValue { t in t.users.keys.sorted().compactMap { t.users[$0] } } }

    /// One user.
    func user(_ id: Int) -> Data? { table.withLockedValue { $0.users[id] } }

    /// Stores `fields` under a new id and returns the stored object.
    func create(_ fields: [String: Any]) -> Data {
        let encodedFields = Self.encode(fields)
        return table.withLockedValue { t in
            let id = t.nextID
            t.nextID += 1
            let stored = Self.withID(encodedFields, id)
            t.users[id] = stored
            return stored
        }
    }

    /// Replaces (`merge` false) or merges into a user; nil when there is no such user.
    func update(_ id: Int, with fields: [String: Any], merge: Bool) -> Data? {
        let encodedFields = Self.encode(fields)
        return table.withLockedValue { t in
            guard let current = t.users[id] else { return nil }
            var object = merge ? Self.decode(current) : [:]
            for (key, value) in Self.decode(encodedFields) { object[key] = value }
            let stored = Self.withID(Self.encode(object), id)
            t.users[id] = stored
            return stored
        }
    }

    /// Deletes a user; false when there was none.
    func delete(_ id: Int) -> Bool { table.withLockedValue { $0.users.removeValue(forKey: id) != nil } }

    private static func withID(_ data: Data, _ id: Int) -> Data {
        var object = decode(data)
        object["id"] = id
        return encode(object)
    }

    private static func encode(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
    }

    private static func decode(_ data: Data) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }
}
