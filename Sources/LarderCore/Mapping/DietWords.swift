/// The names of diets in the languages Larder reads recipes in (German, French, Spanish,
/// Italian, Dutch, Danish, Norwegian, Swedish, Portuguese, Polish), in `DietNames.normalize`'s
/// spelling, each with the English name Larder keeps: a category `Vegetarisch` or a tag
/// `sans gluten` says the same as `vegetarian` and `gluten-free`.
enum DietWords {
    static let english: [String: String] = {
        var table: [String: String] = [:]
        for (diet, words) in names { for word in words { table[word] = diet } }
        return table
    }()

    /// Masculine, feminine and plural forms are listed where a language inflects the adjective.
    static let names: [String: [String]] = [
        "vegetarian": [
            "vegetarisch", "vegetarische", "vegetarischer", "vegetarisches", // de, nl
            "végétarien", "végétarienne", "végétariens", "végétariennes", "vegetarien", "vegetarienne", // fr
            "vegetariano", "vegetariana", "vegetarianos", "vegetarianas", "vegetariani", "vegetariane", // es, it, pt
            "vegetarisk", "vegetariske", "vegetariskt", "vegetar", "vegetarmad", // da, no, sv
            "wegetariański", "wegetariańska", "wegetariańskie", "wegetariańscy", "wegetariańskich", // pl
        ],
        "vegan": [
            "vegane", "veganer", "veganes", // de
            "végétalien", "végétalienne", "végétaliens", "végétaliennes", "végane", "véganes", "vegane", // fr
            "vegano", "vegana", "veganos", "veganas", "vegani", // es, it, pt
            "veganistisch", "veganistische", // nl
            "vegansk", "veganske", "veganskt", // da, no, sv
            "wegański", "wegańska", "wegańskie", "wegańscy", "wegańskich", // pl
        ],
        "gluten-free": [
            "glutenfrei", "glutenfreie", "glutenfreier", "glutenfreies", "ohne-gluten", // de
            "sans-gluten", // fr
            "sin-gluten", "libre-de-gluten", // es
            "senza-glutine", // it
            "glutenvrij", "glutenvrije", // nl
            "glutenfri", "glutenfrie", "glutenfritt", // da, no, sv
            "sem-glúten", "sem-gluten", // pt
            "bez-glutenu", "bezglutenowy", "bezglutenowa", "bezglutenowe", // pl
        ],
        "lactose-free": [
            "laktosefrei", "laktosefreie", "sans-lactose", "sin-lactosa", "senza-lattosio", "lactosevrij", "lactosevrije",
            "laktosefri", "laktosfri", "laktosfritt", "sem-lactose", "bez-laktozy", "bezlaktozowy", "bezlaktozowa", "bezlaktozowe",
        ],
        "dairy-free": [
            "milchfrei", "milchfreie", "sans-produits-laitiers", "sin-lácteos", "sin-lacteos", "senza-latticini", "zuivelvrij",
            "zuivelvrije", "mælkefri", "mjølkefri", "melkefri", "mjölkfri", "sem-laticínios", "bez-nabiału",
        ],
        "low-carb": ["kohlenhydratarm", "kohlenhydratarme", "koolhydraatarm", "koolhydraatarme"],
        "sugar-free": [
            "zuckerfrei", "zuckerfreie", "sans-sucre", "sin-azúcar", "sin-azucar", "senza-zucchero", "suikervrij",
            "sukkerfri", "sockerfri", "sem-açúcar", "bez-cukru",
        ],
    ]
}
