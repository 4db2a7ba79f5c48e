import AFSession
import AFSuite
import Foundation
import JSONPath

/// Fetches the `http`/`https` documents that JSON Schemas refer to when remote references are allowed
/// (`"allowRemoteRefs": true` in a suite's `defaults`, `afrun jsonschema --allow-remote-refs`). Loading does no
/// networking: it says which documents it lacks, they are fetched here through the session core, and the
/// load runs again with them, until nothing new is asked for.
enum RemoteSchemaFetcher {
    /// The largest document kept; a bigger one is reported, not parsed.
    static let maxBytes = 8 << 20
    /// How many rounds of references to references are followed.
    static let maxRounds = 8

    /// Loads the suites under `paths`, fetching the remote schema documents the suites allow and need.
    static func load(paths: [String], knownVariables: Set<String>) async -> SuiteLoader.Result {
        var loader = SuiteLoader()
        var result = loader.load(paths: paths, knownVariables: knownVariables)
        for _ in 0..<maxRounds {
            let wanted = result.remoteReferences.filter { !loader.remoteDocuments.knows($0) }
            if wanted.isEmpty { break }
            loader.remoteDocuments = await fetch(wanted, into: loader.remoteDocuments)
            result = loader.load(paths: paths, knownVariables: knownVariables)
        }
        return result
    }

    /// `documents` with each of `uris` fetched: the parsed document, or why it could not be had.
    static func fetch(_ uris: Set<String>, into documents: RemoteDocuments) async -> RemoteDocuments {
        var configuration = SessionConfiguration()
        configuration.connectTimeout = .seconds(10)
        configuration.timeout = .seconds(30)
        return await withSessionManager(configuration: configuration) { session in
            var documents = documents
            for uri in uris.sorted() {
                switch await fetchOne(uri, session: session) {
                case .success(let document): documents.documents[uri] = document
                case .failure(let reason): documents.failures[uri] = reason.text
                }
            }
            return documents
        }
    }

    /// Why a document could not be had.
    struct Problem: Error {
        var text: String
    }

    private static func fetchOne(_ uri: String, session: SessionManager) async -> Result<JSONValue, Problem> {
        guard let url = URL(string: uri) else { return .failure(Problem(text: "not a valid URL")) }
        var request = HTTPRequest(url: url, headers: ["Accept": "application/schema+json, application/json"])
        request.maxBodyBytes = maxBytes
        let response: DataResponse
        do {
            response = try await session.data(for: request)
        } catch {
            return .failure(Problem(text: "cannot fetch it: \(error)"))
        }
        let status = response.response.statusCode
        guard (200..<300).contains(status) else { return .failure(Problem(text: "the server answered \(status)")) }
        guard !response.body.isTruncated else {
            return .failure(Problem(text: "the document is larger than \(maxBytes >> 20) MiB"))
        }
        do throws(JSONParseError) {
            return .success(try JSONValue(parsing: response.data))
        } catch {
            return .failure(Problem(text: "not JSON (\(error.line):\(error.column): \(error.message))"))
        }
    }
}
