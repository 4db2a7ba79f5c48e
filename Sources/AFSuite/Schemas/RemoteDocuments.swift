import Foundation
import JSONPath
import JSONSchema
import Locking

/// The `http`/`https` documents that schemas of suites with `"allowRemoteRefs": true` refer to.
///
/// Suite loading does no networking: the caller fetches what a load asked for
/// (`SuiteLoader.Result.remoteReferences`) and loads again with the documents, until nothing new is asked for.
/// Without `allowRemoteRefs` a remote reference is an error at the `$ref`.
public struct RemoteDocuments: Sendable {
    /// Fetched documents by absolute URI (no fragment).
    public var documents: [String: JSONValue] = [:]
    /// Why a URI could not be fetched or parsed, by absolute URI; reported at the schema that needs it.
    public var failures: [String: String] = [:]

    public init() {}

    /// Whether the URI has been tried, successfully or not.
    public func knows(_ uri: String) -> Bool { documents[uri] != nil || failures[uri] != nil }

    /// A schema loader: local files through `SchemaFileLoader`, remote documents from this set. A remote URI not
    /// in the set is recorded in `asked` and answers nil (an unresolved reference for now).
    public func loader(recordingIn asked: LockedValue<Set<String>>) -> JSONSchema.Loader {
        let documents = documents
        let failures = failures
        return { uri in
            guard uri.hasPrefix("http:") || uri.hasPrefix("https:") else { return try SchemaFileLoader.loader(uri) }
            if let document = documents[uri] { return document }
            if let reason = failures[uri] { throw FetchFailure(description: reason) }
            _ = asked.withLock { $0.insert(uri) }
            return nil
        }
    }

    /// Why a remote document could not be used; the compiler's message names the URI.
    struct FetchFailure: Error, CustomStringConvertible {
        var description: String
    }
}
