import AFRunner
import AFSession
import ArgumentParser
import Foundation

/// How requests are sent, for every suite of a run (a suite's own keys win where it sets them).
struct RequestOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Make {{$uuid}}, {{$randomInt(…)}} and {{$randomString(…)}} the same on every run with this seed.",
            valueName: "n"
        )
    )
    var seed: UInt64?

    @Option(help: ArgumentHelp("Pause before every request whose test and suite set no delayMs.", valueName: "ms"))
    var delay: Int = 0

    @Flag(name: .customLong("http1.1"), help: "Ask for HTTP/1.1 where a suite sets no `http` version.")
    var http1_1 = false

    @Flag(
        name: .customLong("http2"),
        help: "Ask for HTTP/2 (ALPN over TLS, an upgrade over http://) where a suite sets no `http` version."
    )
    var http2 = false

    @Option(
        help: ArgumentHelp(
            "Send requests through this proxy where a suite sets no `proxy` (http://, https://, socks5://…; \"\" for none). Without it, http_proxy, https_proxy, all_proxy and no_proxy apply as in curl.",
            valueName: "url"
        )
    )
    var proxy: String?

    @Option(
        name: .customLong("noproxy"),
        help: ArgumentHelp(
            "Send requests to these hosts directly, never through a proxy (comma-separated; a domain covers its subdomains; * for all); replaces no_proxy.",
            valueName: "hosts"
        )
    )
    var noProxy: String?

    @Flag(name: [.customShort("4"), .customLong("ipv4")], help: "Connect to the IPv4 addresses of host names only.")
    var ipv4 = false

    @Flag(name: [.customShort("6"), .customLong("ipv6")], help: "Connect to the IPv6 addresses of host names only.")
    var ipv6 = false

    @Option(
        name: .customLong("resolve"),
        help: ArgumentHelp(
            "Connect to ADDRESS for requests to HOST:PORT, without DNS; the URL's host is kept for the Host header, TLS and cookies (curl's --resolve; * for any host). Repeatable.",
            valueName: "host:port:address"
        )
    )
    var resolve: [String] = []

    @Option(
        name: .customLong("connect-to"),
        help: ArgumentHelp(
            "Connect to HOST2:PORT2 for requests to HOST1:PORT1 (empty HOST1 or PORT1: any; empty HOST2 or PORT2: the URL's); the URL's host is kept for the Host header, TLS and cookies (curl's --connect-to). Repeatable.",
            valueName: "host1:port1:host2:port2"
        )
    )
    var connectTo: [String] = []

    @Option(
        name: .customLong("cacert"),
        help: ArgumentHelp(
            "Trust the CAs of this PEM file (or hashed folder) instead of the system's, where a suite sets no tls.caFile (curl's --cacert).",
            valueName: "file"
        )
    )
    var caCertificates: String?

    @Option(
        name: .customLong("cert"),
        help: ArgumentHelp(
            "Send this client certificate (PEM) where a suite sets no tls.clientCertificate; its key from --key, else from the same file.",
            valueName: "file"
        )
    )
    var clientCertificate: String?

    @Option(
        name: .customLong("key"),
        help: ArgumentHelp("The private key (PEM, not encrypted) of --cert.", valueName: "file")
    )
    var clientKey: String?

    @Option(
        name: .customLong("cookie-jar"),
        help: ArgumentHelp(
            "Read cookies from this Netscape cookie file (curl's format) before the run and write every suite's cookies to it after.",
            valueName: "file"
        )
    )
    var cookieJar: String?

    func validate() throws {
        guard delay >= 0, delay <= 3_600_000 else { throw ValidationError("--delay must be from 0 to 3600000 (ms)") }
        if http1_1 && http2 { throw ValidationError("--http1.1 and --http2 cannot be used together: pick one") }
        if ipv4 && ipv6 {
            throw ValidationError("--ipv4 and --ipv6 cannot be used together: pick one, or neither for both")
        }
        if let cookieJar {
            let url = URL(fileURLWithPath: cookieJar)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
                guard !isFolder.boolValue, FileManager.default.isReadableFile(atPath: url.path) else {
                    throw ValidationError("--cookie-jar \(cookieJar) is not a readable file: name a cookie file")
                }
            } else {
                let folder = url.deletingLastPathComponent().path
                guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                    throw ValidationError(
                        "--cookie-jar \(cookieJar): the folder \(folder) does not exist; create it first"
                    )
                }
            }
        }
        let (resolve, _) = try hostRules()
        if ipv4 || ipv6, let rule = resolve.first(where: { $0.addresses.allSatisfy { $0.contains(":") == ipv4 } }) {
            let (flag, other, kept) = ipv4 ? ("--ipv4", "IPv6", "IPv4") : ("--ipv6", "IPv4", "IPv6")
            throw ValidationError(
                "--resolve \"\(rule)\" gives only \(other) addresses, which \(flag) leaves out: give an \(kept)"
                    + " address too, or drop \(flag)"
            )
        }
        _ = try tlsFiles()
        for (flag, value) in [("--proxy", proxy), ("--noproxy", noProxy)] {
            if let value, value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
                throw ValidationError("\(flag) must be one line: remove the line break")
            }
        }
    }

    /// The `--resolve` and `--connect-to` rules.
    /// - Throws: `ValidationError` naming the flag, the rule, what is wrong and how to write it.
    private func hostRules() throws -> ([ResolveRule], [ConnectToRule]) {
        var resolve: [ResolveRule] = []
        var connectTo: [ConnectToRule] = []
        for text in self.resolve {
            do throws(HostRuleError) {
                resolve.append(try ResolveRule(parsing: text))
            } catch {
                throw ValidationError("--resolve \(error): \(error.fix)")
            }
        }
        for text in self.connectTo {
            do throws(HostRuleError) {
                connectTo.append(try ConnectToRule(parsing: text))
            } catch {
                throw ValidationError("--connect-to \(error): \(error.fix)")
            }
        }
        return (resolve, connectTo)
    }

    /// `--cacert`, and `--cert` with `--key`, as absolute paths (relative ones are read from the working
    /// directory, as curl reads them).
    /// - Throws: `ValidationError` naming the flag, the path and what is wrong with it.
    private func tlsFiles() throws -> (URL?, ClientCertificate?) {
        var caFile: URL?
        if let caCertificates {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: caCertificates, isDirectory: &isFolder),
                FileManager.default.isReadableFile(atPath: caCertificates)
            else {
                throw ValidationError(
                    "--cacert \(caCertificates): no readable file or folder there; name a PEM file of CA certificates"
                )
            }
            caFile = URL(fileURLWithPath: caCertificates, isDirectory: isFolder.boolValue)
        }
        guard let clientCertificate else {
            if let clientKey {
                throw ValidationError("--key \(clientKey) needs --cert: give the client certificate it belongs to")
            }
            return (caFile, nil)
        }
        for (flag, path) in [("--cert", clientCertificate), ("--key", clientKey)] {
            guard let path else { continue }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
                FileManager.default.isReadableFile(atPath: path)
            else {
                throw ValidationError("\(flag) \(path): no readable file there; name a PEM file")
            }
        }
        let certificate = URL(fileURLWithPath: clientCertificate)
        return (
            caFile,
            ClientCertificate(
                certificateFile: certificate,
                keyFile: clientKey.map(URL.init(fileURLWithPath:)) ?? certificate
            )
        )
    }

    /// Copies the options into `options`.
    func apply(to options: inout RunOptions) {
        options.seed = seed
        options.delayMs = delay
        if http1_1 { options.sessionConfiguration.httpVersion = .http1_1 }
        if http2 { options.sessionConfiguration.httpVersion = .http2 }
        if let proxy { options.sessionConfiguration.proxy = proxy }
        if let noProxy { options.sessionConfiguration.noProxy = noProxy }
        if ipv4 { options.sessionConfiguration.addressFamily = .ipv4 }
        if ipv6 { options.sessionConfiguration.addressFamily = .ipv6 }
        // Checked by `validate()`, which ArgumentParser calls before the command runs.
        if let (resolve, connectTo) = try? hostRules() {
            options.sessionConfiguration.resolve = resolve
            options.sessionConfiguration.connectTo = connectTo
        }
        if let (caFile, certificate) = try? tlsFiles() {
            options.caFile = caFile
            options.clientCertificate = certificate
        }
        options.cookieJar = cookieJar.map { URL(fileURLWithPath: $0) }
    }
}
