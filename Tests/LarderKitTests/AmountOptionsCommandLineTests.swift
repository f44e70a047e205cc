import Foundation
import Testing
import TestSupport

extension CommandLineTests {
    /// `--scale` and `--servings` outside what a kitchen uses are usage errors (exit 2) that say
    /// the range, in `export`, `convert` and `parse` alike, before anything is written.
    @Test func scaleAndServingsOutsideTheirRangeAreUsageErrors() throws {
        let scratch = try ScratchFolder()
        let library = scratch.path("library").path
        #expect(try larder(["import", Fixtures.url("scaling/pancakes.jsonld").path, "--library", library]).status == 0)
        for (option, value) in [("--scale", "5e18"), ("--scale", "1e300"), ("--scale", "1e308"), ("--scale", "0"), ("--scale", "-2"),
                                ("--scale", "nan"), ("--servings", "1e9"), ("--servings", "0")] {
            let export = try larder(["export", "--library", library, "--format", "markdown", "--output", scratch.path("md").path, "\(option)=\(value)"])
            #expect(export.status == 2, "\(option) \(value): \(export.errors)")
            #expect(export.errors.contains("\(option) must be a number from"), "\(export.errors)")
            #expect(!export.errors.contains("Fatal error"))
            #expect(!FileManager.default.fileExists(atPath: scratch.path("md").path))
        }
        let parse = try larder(["parse", "2 cups flour", "--scale", "5e18"])
        #expect(parse.status == 2)
        #expect(parse.errors.contains("--scale must be a number from 0.01 to 1000, not 5e+18."))

        let largest = try larder(["export", "--library", library, "--format", "markdown", "--output", scratch.path("md").path, "--scale", "1000"])
        #expect(largest.status == 0, "\(largest.errors)")
        let page = try String(contentsOf: scratch.path("md/buttermilk-pancakes.md"), encoding: .utf8)
        #expect(page.contains("1500 cups all-purpose flour, sifted"))
    }
}
