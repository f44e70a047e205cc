import Foundation
import LarderCore

extension RecipeFormat {
    /// A saved web page: schema.org JSON-LD, microdata, recipe cards, then headings and lists
    /// (`RecipeScraper`).
    public static let html: RecipeFormat = RecipeFormat(
        name: "html",
        title: "web page",
        recognition: FormatRecognition(
            extensions: ["html", "htm", "xhtml"],
            // Markup that is not an XML document of another kind (those are the apps' XML).
            syntax: { $0.startsWith.markup && (!$0.declaresXML || $0.rootElement?.lowercased() == "html") }),
        reader: .files(help: "saved web pages (.html)") { file, context in
            SharedReaders.page(file.data, context)
        }
    )
}
