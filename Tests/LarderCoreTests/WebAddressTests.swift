import Foundation
import LarderCore
import Testing

/// What counts as a web address, wherever Larder asks (inputs, `scrape`, `--url`, `--mealdb-base`).
struct WebAddressTests {
    @Test(arguments: [
        "https://example.com/recipe", "http://example.com", "HTTP://EXAMPLE.COM/Soup", "Https://example.com:8080/a?b=c#d",
        "http://127.0.0.1:8000/page.html", "http://[::1]/x", "https://xn--bcher-kva.example/kochen",
    ])
    func isAWebAddress(_ text: String) {
        #expect(WebAddress(text) != nil, "\(text)")
        #expect(WebAddress(text)?.description == text)
    }

    @Test(arguments: [
        "file:///etc/passwd", "FILE://localhost/etc/passwd", "//example.com/recipe", "javascript:alert(1)", "data:text/html,<b>x</b>",
        "ftp://example.com/recipe", "www.example.com/recipe", "example.com", "http:recipe", "http://", "https:///path",
        "recipes/soup.json", "/home/me/http://x", "mealdb:search=soup", "", " ",
    ])
    func isNotAWebAddress(_ text: String) {
        #expect(WebAddress(text) == nil, "\(text)")
        #expect(!WebAddress.isWebAddress(text))
    }

    /// A space is not part of an address: surrounding spaces are not trimmed away (an input is
    /// taken as written), and one inside the host makes no host.
    @Test func spacesAreNotTrimmedAway() {
        #expect(WebAddress(" https://example.com/") == nil)
        #expect(WebAddress("https://exa mple.com/") == nil)
    }

    /// A host written in its own script (IDN) is an address, whether Foundation keeps it as
    /// written or encodes it.
    @Test func aHostInItsOwnScriptIsAnAddress() {
        let address = WebAddress("https://bücher.example/kochen")
        #expect(address != nil)
        #expect(address?.url.host?.isEmpty == false)
    }
}
