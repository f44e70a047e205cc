import Foundation
import LarderCore

/// The export formats that are one JSON document.
public enum FormatSinks {
    /// schema.org JSON-LD: one Recipe object, or a list when the run has several.
    public static func jsonld(output: URL) throws -> RecipeSink {
        try JSONDocumentSink(name: "jsonld", formatName: "schema.org JSON-LD", output: output,
                             object: SchemaOrgWriter.object(for:), unheld: SchemaOrgWriter.unheld)
    }

    /// TheMealDB's answer shape, `{"meals": [...]}`.
    public static func mealdb(output: URL) throws -> RecipeSink {
        try JSONDocumentSink(name: "mealdb", formatName: "TheMealDB", output: output, wrapper: "meals",
                             object: MealDBWriter.object(for:), unheld: MealDBWriter.unheld)
    }
}
