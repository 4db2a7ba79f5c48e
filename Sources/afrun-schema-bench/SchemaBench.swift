import Foundation
import JSONPath
import JSONSchema

/// Times validating a 1 MiB API response against a typical API schema (a page of orders with
/// customers and line items, through `$ref`s, `required`, `enum`, `pattern` and `additionalProperties`).
/// Parsing is not timed: a suite's response is parsed once for all its assertions.
@main
enum SchemaBench {
    static let schema = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "type": "object",
          "required": ["orders", "page", "total"],
          "properties": {
            "page": {"type": "integer", "minimum": 1},
            "total": {"type": "integer", "minimum": 0},
            "orders": {"type": "array", "items": {"$ref": "#/$defs/order"}}
          },
          "$defs": {
            "order": {
              "type": "object",
              "required": ["id", "status", "customer", "items", "createdAt"],
              "additionalProperties": false,
              "properties": {
                "id": {"type": "string", "pattern": "^ord_[0-9a-f]{8}$"},
                "status": {"enum": ["pending", "paid", "shipped", "cancelled"]},
                "createdAt": {"type": "string", "format": "date-time"},
                "customer": {"$ref": "#/$defs/customer"},
                "items": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/item"}},
                "note": {"type": ["string", "null"], "maxLength": 500}
              }
            },
            "customer": {
              "type": "object",
              "required": ["id", "name", "email"],
              "properties": {
                "id": {"type": "integer", "minimum": 1},
                "name": {"type": "string", "minLength": 1},
                "email": {"type": "string", "format": "email"}
              }
            },
            "item": {
              "type": "object",
              "required": ["sku", "quantity", "price"],
              "properties": {
                "sku": {"type": "string", "minLength": 3},
                "quantity": {"type": "integer", "minimum": 1},
                "price": {"type": "number", "exclusiveMinimum": 0, "multipleOf": 0.01}
              }
            }
          }
        }
        """#

    /// A response of about `bytes` bytes matching the schema.
    static func response(bytes: Int) -> String {
        var orders: [String] = []
        var size = 0
        var index = 0
        while size < bytes {
            let items = (0..<3).map { item in
                #"{"sku": "SKU-\#(index)-\#(item)", "quantity": \#(item + 1), "price": \#(item + 9).99}"#
            }
            let order = """
                {"id": "ord_\(String(format: "%08x", index))", "status": "paid", "createdAt": "2026-11-26T12:00:00Z", \
                "customer": {"id": \(index + 1), "name": "Customer \(index)", "email": "c\(index)@example.test"}, \
                "items": [\(items.joined(separator: ", "))], "note": null}
                """
            orders.append(order)
            size += order.utf8.count + 2
            index += 1
        }
        return #"{"page": 1, "total": \#(orders.count), "orders": [\#(orders.joined(separator: ", "))]}"#
    }

    static func main() throws {
        let text = response(bytes: 1 << 20)
        let instance = try JSONValue(parsing: text)
        let compiled = try JSONSchema(compiling: try JSONValue(parsing: schema))
        guard compiled.validate(instance).isValid else {
            print(
                "the generated response does not match the schema: \(compiled.validate(instance).violations.prefix(3))"
            )
            exit(1)
        }
        var timings: [Double] = []
        for _ in 0..<25 {
            let start = ContinuousClock.now
            let result = compiled.validate(instance)
            let elapsed = ContinuousClock.now - start
            precondition(result.isValid)
            timings.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
        }
        timings.sort()
        let median = timings[timings.count / 2]
        print(
            "validate \(text.utf8.count) bytes: median \(String(format: "%.2f", median)) ms, "
                + "min \(String(format: "%.2f", timings[0])) ms, max \(String(format: "%.2f", timings[timings.count - 1])) ms (25 runs)"
        )
    }
}
