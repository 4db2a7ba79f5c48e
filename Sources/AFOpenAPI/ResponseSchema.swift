import JSONSchema

/// The `JSONSchema` module's compiled schema, named apart from OpenAPIKit's `JSONSchema` model type
/// for the files that import both.
typealias ResponseSchema = JSONSchema
