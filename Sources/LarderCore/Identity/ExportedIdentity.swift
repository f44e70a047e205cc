/// The ids Larder gives a recipe in the apps' formats that carry an id of their own (Paprika's
/// `uid`), so that a recipe read back from such an export is known as the one it was written
/// from, however the app's format reshaped it: Paprika keeps no instruction sections, tags or
/// cookware, so the recipe that comes back is not the same content as the one stored.
public enum ExportedIdentity {
    /// Each id `recipe` is written under, qualified by its format (`paprika:7B7B6CAF-…`). For a
    /// recipe that came from Paprika that is the uid it came with.
    public static func written(for recipe: Recipe) -> [String] {
        ["paprika:" + PaprikaMapper.uid(for: recipe)]
    }

    /// The id a recipe read from an app carries, qualified the same way (`paprika:…`), with the
    /// app's name to say it by, when the app's format is one that `written(for:)` writes.
    public static func carried(by recipe: Recipe) -> (id: String, app: String)? {
        guard recipe.provenance.origin == .paprika, let uid = recipe.provenance.originalID, !uid.isEmpty else { return nil }
        return ("paprika:" + uid, "Paprika")
    }
}
