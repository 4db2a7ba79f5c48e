import Testing

/// Placeholder until the module's own tests land; it checks the test target builds and runs.
@Test func AFReportsTargetBuilds() {
    #expect(1 + 1 == 2)
}
