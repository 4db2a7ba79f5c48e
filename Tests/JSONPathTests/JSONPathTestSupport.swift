import JSONPath

/// Parses JSON text written in a test; a typo in a fixture fails the test that uses it.
func json(_ text: String) throws -> JSONValue {
    try JSONValue(parsing: text)
}

/// Compiles `query`, evaluates it on `document` (JSON text) and returns the values as compact JSON.
func select(_ query: String, in document: String) throws -> String {
    JSONValue.array(try JSONPathQuery(query).evaluate(json(document)).map(\.value)).serialized()
}

/// Compiles `query`, evaluates it on `document` and returns the normalized paths.
func paths(_ query: String, in document: String) throws -> [String] {
    try JSONPathQuery(query).evaluate(json(document)).map(\.path)
}

/// The error a query fails to compile with, or nil when it compiles.
func compileError(_ query: String) -> JSONPathError? {
    do {
        _ = try JSONPathQuery(query)
        return nil
    } catch {
        return error
    }
}

/// Goessner's bookstoreJSON, as used in RFC 9535 §1.5.
let bookstoreJSON = """
    { "store": {
        "book": [
          { "category": "reference", "author": "Nigel Rees", "title": "Sayings of the Century", "price": 8.95 },
          { "category": "fiction", "author": "Evelyn Waugh", "title": "Sword of Honour", "price": 12.99 },
          { "category": "fiction", "author": "Herman Melville", "title": "Moby Dick", "isbn": "0-553-21311-3", "price": 8.99 },
          { "category": "fiction", "author": "J. R. R. Tolkien", "title": "The Lord of the Rings", "isbn": "0-395-19395-8", "price": 22.99 }
        ],
        "bicycle": { "color": "red", "price": 399 }
      }
    }
    """
