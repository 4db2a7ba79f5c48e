/// A route that breaks `fixtures/openapi.yaml` on purpose (`getBrokenUser`): its id is a string,
/// its e-mail address is missing and it has a member the schema does not allow. And JSON Schemas served over
/// HTTP, for remote `$ref`s: `user.json` refers to `id.json` beside it.
enum ContractRoutes {
    /// The schemas under `/schemas/`, by file name.
    static let schemas: [String: String] = [
        "id.json": #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "integer", "minimum": 1}"#,
        "user.json": #"""
        {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "required": ["id", "name"],
         "properties": {"id": {"$ref": "id.json"}, "name": {"type": "string"}}}
        """#,
        "broken.json": #"{"type": "#,
    ]

    static var routes: [Route] {
        [
            Route("/contract/users/{id}") { request in
                .json(["id": request.parameters["id"] ?? "?", "name": "User", "active": "yes", "role": "admin"])
            },
            Route("/schemas/{name}") { request in
                guard let schema = schemas[request.parameters["name"] ?? ""] else {
                    return .error(.notFound, "no such schema")
                }
                return .response(.text(schema, contentType: "application/schema+json"))
            },
        ]
    }
}
