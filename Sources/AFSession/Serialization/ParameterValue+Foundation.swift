import Foundation

extension ParameterValue {
    /// Why a value cannot be written by a Foundation serializer.
    struct Unrepresentable: Error {
        /// Where and why, e.g. `user.scores[2]: NaN is not a JSON number`.
        var reason: String
    }

    /// This value as a JSON object for `JSONSerialization`.
    ///
    /// JSON has no set, bytes, date, NaN or infinity: those are errors (AF checks
    /// `isValidJSONObject` first for the same reason: Foundation would raise instead).
    /// - Parameter path: Where this value sits, for the error message.
    func jsonObject(path: String = "parameters") throws(Unrepresentable) -> Any {
        switch self {
        case .null: return NSNull()
        case .bool(let value): return NSNumber(value: value)
        case .int(let value): return NSNumber(value: value)
        case .double(let value):
            guard value.isFinite else { throw Unrepresentable(reason: "\(path): \(value) is not a JSON number") }
            return NSNumber(value: value)
        case .string(let value): return value
        case .data: throw Unrepresentable(reason: "\(path): bytes (.data) have no JSON form; encode them as a string")
        case .date: throw Unrepresentable(reason: "\(path): a date has no JSON form; encode it as a string")
        case .set: throw Unrepresentable(reason: "\(path): a set has no JSON form; use an array")
        case .array(let values):
            var result: [Any] = []
            for (index, value) in values.enumerated() { result.append(try value.jsonObject(path: "\(path)[\(index)]")) }
            return result
        case .dictionary(let values):
            var result: [String: Any] = [:]
            for (key, value) in values { result[key] = try value.jsonObject(path: "\(path).\(key)") }
            return result
        }
    }

    /// This value as a property-list object for `PropertyListSerialization`.
    ///
    /// A property list has no null and no set: those are errors.
    /// - Parameter path: Where this value sits, for the error message.
    func propertyListObject(path: String = "parameters") throws(Unrepresentable) -> Any {
        switch self {
        case .null: throw Unrepresentable(reason: "\(path): a property list has no null; leave the key out")
        case .set: throw Unrepresentable(reason: "\(path): a property list has no set; use an array")
        case .bool(let value): return value
        case .int(let value): return value
        case .double(let value): return value
        case .string(let value): return value
        case .data(let value): return value
        case .date(let value): return value
        case .array(let values):
            var result: [Any] = []
            for (index, value) in values.enumerated() {
                result.append(try value.propertyListObject(path: "\(path)[\(index)]"))
            }
            return result
        case .dictionary(let values):
            var result: [String: Any] = [:]
            for (key, value) in values { result[key] = try value.propertyListObject(path: "\(path).\(key)") }
            return result
        }
    }

    /// Converts what `JSONSerialization` or `PropertyListSerialization` returned into a value.
    ///
    /// Booleans are told from numbers by the number's type, so JSON `true` is `.bool(true)` and
    /// `1` is `.int(1)`; integers that fit in `Int` are `.int`, other numbers `.double`.
    /// - Parameter object: A Foundation object tree.
    /// - Returns: The value, or nil for an object that is none of the property-list types.
    init?(foundationObject object: Any) {
        switch object {
        case is NSNull: self = .null
        case let value as String: self = .string(value)
        case let value as Data: self = .data(value)
        case let value as Date: self = .date(value)
        case let values as [Any]:
            var result: [ParameterValue] = []
            result.reserveCapacity(values.count)
            for element in values {
                guard let converted = ParameterValue(foundationObject: element) else { return nil }
                result.append(converted)
            }
            self = .array(result)
        case let values as [String: Any]:
            var result: [String: ParameterValue] = [:]
            for (key, element) in values {
                guard let converted = ParameterValue(foundationObject: element) else { return nil }
                result[key] = converted
            }
            self = .dictionary(result)
        default:
            guard let number = Self.number(object) else { return nil }
            self = number
        }
    }

    private static func number(_ object: Any) -> ParameterValue? {
        switch object {
        case let value as Bool where type(of: object) == Bool.self: return .bool(value)
        case let value as Int where type(of: object) == Int.self: return .int(value)
        case let value as Double where type(of: object) == Double.self: return .double(value)
        default: break
        }
        guard let number = object as? NSNumber else { return nil }
        // "c" and "B" are the type encodings Foundation gives booleans (`char`, `_Bool`).
        let type = String(cString: number.objCType)
        switch type {
        case "c", "B": return .bool(number.boolValue)
        case "f", "d":
            let double = number.doubleValue
            return .double(double)
        case "Q":
            return number.uint64Value <= UInt64(Int.max) ? .int(Int(number.uint64Value)) : .double(number.doubleValue)
        default: return .int(number.intValue)
        }
    }
}
