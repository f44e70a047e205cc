import Foundation
import LarderCore

/// The XML exports of recipe programs. One reader: the root element sends the document to the
/// app's mapper (`RecipeXML`), and an XHTML page to the scraper.
extension RecipeFormat {
    /// MasterCook's `.mx2`.
    public static let mastercook: RecipeFormat = xmlFormat(name: "mastercook", title: "MasterCook", root: "mx2", extension: "mx2", help: "MasterCook .mx2")

    /// Gourmet Recipe Manager's `.grmt`.
    public static let gourmet: RecipeFormat = xmlFormat(name: "gourmet", title: "Gourmet", root: "gourmetDoc", extension: "grmt", help: "Gourmet .grmt")

    /// KRecipes' `.kreml`.
    public static let krecipes: RecipeFormat = xmlFormat(name: "krecipes", title: "KRecipes", root: "krecipes", extension: "kreml", help: "KRecipes .kreml")

    private static func xmlFormat(name: String, title: String, root: String, extension ext: String, help: String) -> RecipeFormat {
        RecipeFormat(
            name: name,
            title: title,
            recognition: FormatRecognition(extensions: [ext, "xml"], marks: { $0.rootElement == root },
                                           syntax: { $0.declaresXML && $0.rootElement?.lowercased() != "html" }),
            reader: .streamedFiles(help: help) { file, context, emit in
                SharedReaders.appXML(file, context, emit: emit)
            }
        )
    }
}
