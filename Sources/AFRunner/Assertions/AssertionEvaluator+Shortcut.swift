import AFSession
import AFSuite
import Foundation
import JSONPath

extension AssertionEvaluator {
    /// Whether every assertion `evaluate(_:on:)` would make on `context` passes, worked out without
    /// building any assertion text; nil when `expect` has a kind this shortcut does not cover or there is no
    /// response: then `evaluate` decides. It covers status, content type and JSONPath predicates only: a
    /// test with headers, a body expectation, a JSON schema or filters on a path, or any of the rarely
    /// written parts (`Expectations.hasRareParts`: XPath, cookies, redirects, URL, HTTP version, durations,
    /// TLS, certificate, schema, OpenAPI, captures, `rawBody`, an expected error) is left to `evaluate`.
    /// Used for results whose passed detail nobody reads (`RunOptions.passedResultDetail` below `.full`); a
    /// `false` is always followed by the full evaluation.
    func allHold(_ expect: Expectations, on context: ResponseContext) -> Bool? {
        guard let response = context.response, !expect.hasRareParts, expect.headers.isEmpty, expect.body == nil,
            !expect.json.contains(where: { $0.schema != nil || !$0.filters.isEmpty })
        else { return nil }
        // `tls: trusted` on a response that arrived always holds (a rejection is an error, not a response).
        if !expect.status.isEmpty, !expect.status.contains(where: { $0.matches(response.statusCode) }) { return false }
        if let contentType = expect.contentType, !contentTypeHolds(contentType, response, regexLimit: regexLimit) {
            return false
        }
        guard !expect.json.isEmpty else { return true }
        guard context.unreadableBodyProblem == nil, case .success(let document) = context.jsonDocument else {
            return false
        }
        for assertion in expect.json {
            guard let query = assertion.query ?? (try? JSONPathQuery(assertion.path)) else { return false }
            guard let nodes = try? query.values(in: document, regexLimit: regexLimit) else { return false }
            for predicate in assertion.predicates.predicates {
                guard
                    NodeListRules.evaluate(predicate, nodes: nodes, singular: query.isSingular, regexLimit: regexLimit)
                        .passed
                else { return false }
            }
        }
        return true
    }

    /// How many assertions `evaluate` lists for `expect` on `context` where `allHold` answers true:
    /// one for the status, one for the content type, one per predicate of each JSON path, and one for a
    /// trusted TLS session.
    func holdingCount(_ expect: Expectations, on context: ResponseContext) -> Int {
        var count = (expect.status.isEmpty ? 0 : 1) + (expect.contentType == nil ? 0 : 1)
        for assertion in expect.json { count += assertion.predicates.predicates.count }
        if context.metrics?.tlsEvidence != nil { count += 1 }
        return count
    }
}
