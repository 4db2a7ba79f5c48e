/// A route that breaks `fixtures/openapi.yaml` on purpose (`getBrokenUser`): its id is a string,
/// its e-mail address is missing and it has a member the schema does not allow.
enum ContractRoutes {
    static var routes: [Route] {
        [
            Route("/contract/users/{id}") { request in
                .json(["id": request.parameters["id"] ?? "?", "name": "User", "active": "yes", "role": "admin"])
            }
        ]
    }
}
