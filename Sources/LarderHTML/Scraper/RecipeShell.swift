import LarderCore

/// The recipe markup a client-rendered page ships before its JavaScript runs: microdata whose
/// ingredient and step lists are empty, but whose `<meta itemprop>`s already give the yield,
/// the times, the course and the author. The page state holds the lists; the shell fills in
/// what the state's recipe leaves out.
enum RecipeShell {
    /// `recipe` with every field it lacks taken from `shell`; what it has stays.
    static func fill(_ recipe: Recipe, from shell: Recipe) -> Recipe {
        var filled = recipe
        if filled.description == nil { filled.description = shell.description }
        if filled.provenance.author == nil { filled.provenance.author = shell.provenance.author }
        if filled.yield == nil { filled.yield = shell.yield }
        if filled.times.prep == nil { filled.times.prep = shell.times.prep }
        if filled.times.cook == nil { filled.times.cook = shell.times.cook }
        if filled.times.total == nil { filled.times.total = shell.times.total }
        if filled.categories.isEmpty { filled.categories = shell.categories }
        if filled.cuisines.isEmpty { filled.cuisines = shell.cuisines }
        if filled.tags.isEmpty { filled.tags = shell.tags }
        if filled.images.isEmpty { filled.images = shell.images }
        if filled.rating == nil { filled.rating = shell.rating }
        return filled
    }
}
