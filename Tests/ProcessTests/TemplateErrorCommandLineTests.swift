import Foundation
import Testing
import TestSupport

/// A `--template` that is not valid Mustache: the run said the parser's own error value
/// (`ParserError(context: Mustache.MustacheParserContext(…), error: …expectedSectionEnd)`) and
/// exited 1. Now a sentence names the file, the line (and column) and what is wrong, and the
/// run stops before any work with exit code 2, as for any option that cannot be used as given.
struct TemplateErrorCommandLineTests {
    @Test(arguments: [
        ("{{#recipes}}<h1>{{title}}</h1>\n", "line 1: the section {{#recipes}} is never closed ({{/recipes}} missing)"),
        ("<p>\n{{#recipes}}\n{{#tags}}{{.}}{{/tags}}\n", "line 2: the section {{#recipes}} is never closed ({{/recipes}} missing)"),
        ("<h1>{{title}</h1>\n", "line 1, column 12: a tag is not closed (`}}` missing) or its name is not a valid one"),
        ("{{#recipes}}\n  {{#tags}}x{{/recipes}}\n{{/tags}}\n",
         "line 2, column 16: {{/recipes}} does not close the open section {{#tags}} of line 2 (close that one first, with {{/tags}})"),
    ])
    func aBrokenTemplateIsNamedWithItsLineAndWhatIsWrong(template: String, problem: String) async throws {
        let scratch = try ScratchFolder()
        let library = scratch.path("library").path
        _ = try await LarderCommand.run(["import", Fixtures.url("apps/recipe-search-local/recipes.json").path, "--library", library])
        let templates = scratch.path("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let file = templates.appendingPathComponent("recipe.mustache")
        try Data(template.utf8).write(to: file)
        // (The PDF's template is a Typst file: PDFCookbookTests.aBrokenTemplateIsNamedWithItsLine.)
        let output = scratch.path("book.html")
        let run = try await LarderCommand.run(["export", "--library", library, "--format", "cookbook", "--output", output.path, "--template", templates.path])
        #expect(run.status == 2, "\(run.printed)")
        #expect(run.errors == "Error: The template \(file.path) is not valid Mustache: \(problem).\n", "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
