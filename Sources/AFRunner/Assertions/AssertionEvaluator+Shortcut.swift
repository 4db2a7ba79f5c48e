import AFSession
import AFSuite
import Foundation
import JSONPath

extension AssertionEvaluator {
    /// Whether every assertion `evaluate(_:on:)` would make on `context` passes, worked out without
    /// building any assertion text; nil when `expect` has a kind this shortcut does not cover
    /// (headers, XPath, body, rawBody, duration, `tls: rejected`, certificate, schema, openapi, captures, cookies, redirects, url, httpVersion, filters) or there is no response: then
    /// `evaluate` decides. Used for results whose passed detail nobody reads
    /// (`RunOptions.passedResultDetail` below `.full`); a `false` is always followed by the full evaluation.
    func allHold(_ expect: Expectations, on context: ResponseContext) -> Bool? {
        guard let response = context.response, expect.headers.isEmpty, expect.xpath.isEmpty, expect.body == nil,
            expect.rawBody == nil,
            expect.duration.isEmpty, expect.certificate == nil, expect.tls == .trusted, expect.schema == nil,
            expect.openapi == nil, expect.captures.isEmpty,
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
