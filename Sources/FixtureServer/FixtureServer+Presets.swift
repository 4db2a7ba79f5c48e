/// Ready-made configurations: `withFixtureServer(.httpOnly) { … }`, `withFixtureServer(.https) { … }`.
extension FixtureServer.Configuration {
    /// The plain port only (HTTP/1.1 and h2c); no certificates needed.
    public static var httpOnly: Self {
        var configuration = Self()
        configuration.tlsPort = nil
        return configuration
    }

    /// The plain port and the `.valid` TLS port.
    public static var https: Self {
        var configuration = Self()
        configuration.tlsVariants = []
        return configuration
    }

    /// The plain port and every TLS variant (the default).
    public static var allVariants: Self { Self() }

    /// The plain port, the `.valid` TLS port and the given variants.
    /// - Parameter variants: the extra TLS endpoints.
    /// - Returns: the configuration.
    public static func tls(_ variants: Set<FixtureServer.TLSVariant>) -> Self {
        var configuration = Self()
        configuration.tlsVariants = variants
        return configuration
    }
}
