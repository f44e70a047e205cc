import Foundation
import Testing
import TestSupport

/// What `export` writes for people who cook from it: scaled amounts, the printable cookbook,
/// the shopping list.
extension CommandLineTests {
    /// A library of the bundled Samples, as `make demo` imports them.
    func libraryOfTheSamples(in scratch: ScratchFolder) throws -> String {
        let library = scratch.path("samples").path
        let result = try larder(["import", Fixtures.packageRoot.appendingPathComponent("Samples").path, "--library", library])
        #expect(result.status == 0, "\(result.errors)")
        return library
    }

    /// Scaled Markdown of the Samples: English names follow their amounts, counts stay countable,
    /// German ones are left as written; in metric, solids without a density stay in cups.
    @Test func scaledSamplesReadAsACookWouldWriteThem() throws {
        let scratch = try ScratchFolder()
        let library = try libraryOfTheSamples(in: scratch)
        for (factor, folder) in [("2", "double"), ("0.5", "half"), ("0.333", "third")] {
            #expect(try larder(["export", "--library", library, "--format", "markdown", "--output", scratch.path(folder).path, "--scale", factor]).status == 0)
        }
        let text = { (folder: String, page: String) in try String(contentsOf: scratch.path("\(folder)/\(page).md"), encoding: .utf8) }
        #expect(try text("double", "beef-ragu").contains("- 2 onions, finely chopped\n"))
        #expect(try text("half", "creamy-potato-soup-with-ham").contains("- 1 large carrot (peeled and chopped)\n"))
        #expect(try text("third", "creamy-potato-soup-with-ham").contains("- ½ large carrot (peeled and chopped)\n"))
        #expect(try text("third", "teriyaki-chicken-casserole").contains("- ½ chicken breast\n"))
        #expect(try text("half", "gyros-vom-drehspie").contains("- 1 ½ Knoblauchzehen\n"))
        #expect(try text("double", "gyros-vom-drehspie").contains("- 2 große Gemüsezwiebel\n"))

        #expect(try larder(["export", "--library", library, "--format", "markdown", "--output", scratch.path("metric").path, "--units", "metric"]).status == 0)
        let soup = try text("metric", "creamy-potato-soup-with-ham")
        #expect(soup.contains("- 1 cup celery (chopped)\n"), "no millilitres of celery")
        #expect(soup.contains("- 470 ml vegetable broth\n"))
    }
}
