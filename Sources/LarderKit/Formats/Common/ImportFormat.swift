import LarderCore

/// What an input holds, as `--from` names it. Usually found from the file itself
/// (`RecipeFileKind`, `ArchiveSniffer`); `--from` forces it when the file does not tell.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// Any recipe JSON: Larder's own, schema.org, TheMealDB, the apps' shapes.
    case json
    case jsonld
    case html
    /// A Larder backup (`larder export --output X.tar.gz`).
    case bundle
    case paprika, mealie, nextcloud, tandoor, cooklang, mealmaster
    case mealdb
    /// Copy Me That's `recipes.html` (in its export zip).
    case copymethat
    /// Recipes as CSV rows with a header; `plantoeat` and `myrecipebox` name the two apps
    /// whose exports they are.
    case csv, plantoeat, myrecipebox
    case mastercook, gourmet, krecipes
    /// Chowdown's Markdown recipe files.
    case chowdown

    /// The JSON dialect a JSON file of this format is read as; nil lets the keys decide.
    var jsonShape: JSONShape? {
        switch self {
        case .jsonld, .nextcloud: return .schemaOrg
        case .paprika: return .paprika
        case .mealie: return .mealie
        case .tandoor: return .tandoor
        case .mealdb: return .mealDB
        default: return nil
        }
    }
}
