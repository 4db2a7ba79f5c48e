import AFSession
import Testing

/// The versions come from the libraries loaded, through their own version calls.
@Suite struct LibraryVersionsTests {
    @Test func libcurlLineNamesLibcurlAndTheTLSLibraryItLinks() {
        let line = LibraryVersions.libcurl
        #expect(line.hasPrefix(LibraryVersions.libcurlShort + " "), "\(line)")
        #expect(line.contains("OpenSSL/"), "\(line)")
        #expect(!line.contains("unknown"), "\(line)")
    }

    @Test func libcurlShortIsOneWordWithAVersionNumber() {
        let short = LibraryVersions.libcurlShort
        #expect(short.hasPrefix("libcurl/"))
        #expect(!short.contains(" "))
        #expect(short.dropFirst("libcurl/".count).first?.isNumber == true, "\(short)")
    }

    @Test func openSSLIsTheLoadedLibrarysVersionText() {
        let text = LibraryVersions.openSSL
        #expect(text.hasPrefix("OpenSSL "), "\(text)")
        #expect(text.dropFirst("OpenSSL ".count).first?.isNumber == true, "\(text)")
        // libcurl reports the same OpenSSL it was linked with.
        let number = text.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        #expect(LibraryVersions.libcurl.contains("OpenSSL/" + number), "\(text) / \(LibraryVersions.libcurl)")
    }
}
