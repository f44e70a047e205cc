import Foundation
import FuzzSupport
import LarderHTML

/// A saved or fetched web page: `scrape(html:url:)` through JSON-LD, microdata, recipe-card
/// plugins, headings and page metadata.
// The entry point SwiftPM links this executable with (see CLibFuzzer.h).
@_cdecl("fuzz_html_main")
public func fuzzTargetMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzTarget.run(argc, argv, test: fuzzHTML)
}

func fuzzHTML(_ data: Data) {
    if let recipe = try? RecipeScraper.scrape(html: data, url: URL(string: "https://example.org/recipes/soup")) {
        FuzzCheck.storable(recipe)
    }
}
