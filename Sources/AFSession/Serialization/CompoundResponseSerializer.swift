import Foundation

/// AFNetworking's `AFCompoundResponseSerializer`: tries its serializers in order; the first that
/// validates and yields a value wins. When none does, it behaves as a plain
/// ``HTTPResponseSerializer`` (validates with its own sets and returns the body as `Data`).
///
/// A serializer that yields nil (``JSONResponseSerializer`` for an empty body) counts as no
/// value, and the next one is tried.
public struct CompoundResponseSerializer: ResponseSerializing {
    /// What a compound serializer produced.
    public struct Output: Sendable {
        /// The index in ``CompoundResponseSerializer/serializers`` of the one that won; nil when
        /// none did and the body came back as `Data`.
        public var serializerIndex: Int?
        /// The value: the winner's `SerializedObject`, or the body as `Data`.
        public var value: any Sendable
    }

    /// The serializers, tried in order.
    public var serializers: [any ResponseSerializing]
    /// The fallback's validation when no serializer wins.
    public var fallback = HTTPResponseSerializer()

    /// Creates a compound serializer.
    /// - Parameter serializers: Tried in order.
    public init(_ serializers: [any ResponseSerializing]) { self.serializers = serializers }

    /// Returns the first serializer's value that validates, or the body.
    /// - Throws: The fallback's `.responseValidation` when no serializer yields a value.
    public func serialize(response: HTTPResponse, data: Data) throws(SessionError) -> Output {
        for (index, serializer) in serializers.enumerated() {
            if let value = Self.attempt(serializer, response: response, data: data) {
                return Output(serializerIndex: index, value: value)
            }
        }
        return Output(serializerIndex: nil, value: try fallback.serialize(response: response, data: data))
    }

    private static func attempt<S: ResponseSerializing>(
        _ serializer: S,
        response: HTTPResponse,
        data: Data
    ) -> (any Sendable)? {
        guard let value = try? serializer.serialize(response: response, data: data) else { return nil }
        if let optional = value as? any OptionalSerializedValue, optional.isNone { return nil }
        return value
    }
}

/// Lets the compound serializer tell a serializer's nil result from a value.
private protocol OptionalSerializedValue { var isNone: Bool { get } }

extension Optional: OptionalSerializedValue {
    fileprivate var isNone: Bool { self == nil }
}
