/// Names that recipes give one thing a shopper buys, in English and in the languages Larder
/// reads recipes in (German, French, Spanish, Italian, Dutch, Danish, Norwegian, Swedish,
/// Portuguese, Polish): "table salt" is salt, "ricotta cheese" is ricotta, "ground black pepper"
/// is black pepper, "Eier" are "Ei". The shopping list puts them on one line, under the first
/// name of their entry.
///
/// Only names of the same purchase are listed: kosher salt and sea salt, double and single cream,
/// sweet and smoked paprika are bought apart and stay apart. Plurals that end in `s` are folded
/// by `ShoppingName.key` already; the other plurals of the staples are listed here.
public enum SameThingNames {
    /// One thing: the name the list shows, then the other names recipes give it.
    public struct Entry: Sendable {
        public let language: String
        public let name: String
        /// The plural of `name` in a language whose plurals Larder does not make (`Zwiebeln`),
        /// shown for more than one.
        public let plural: String?
        public let others: [String]

        init(language: String, name: String, plural: String? = nil, others: [String] = []) {
            self.language = language
            self.name = name
            self.plural = plural
            self.others = others
        }

        var names: [String] { [name] + (plural.map { [$0] } ?? []) + others }
    }

    public static let entries: [Entry] = english + german + french + spanish + italian + dutch + scandinavian + portuguese + polish

    static let english: [Entry] = [
        Entry(language: "en", name: "salt", others: ["table salt", "fine salt", "fine table salt", "cooking salt", "iodized salt", "granulated salt"]),
        Entry(language: "en", name: "black pepper", others: [
            "ground black pepper", "freshly ground black pepper", "fresh ground black pepper", "fresh-ground black pepper",
            "finely ground black pepper", "coarsely ground black pepper", "cracked black pepper", "freshly cracked black pepper",
            "ground pepper", "freshly ground pepper", "fresh ground pepper",
        ]),
        Entry(language: "en", name: "white pepper", others: ["ground white pepper", "freshly ground white pepper"]),
        Entry(language: "en", name: "ricotta", others: ["ricotta cheese", "whole-milk ricotta", "whole milk ricotta", "whole-milk ricotta cheese",
                                                       "whole milk ricotta cheese", "fresh ricotta cheese"]),
        Entry(language: "en", name: "mozzarella", others: ["mozzarella cheese", "whole-milk mozzarella", "whole milk mozzarella",
                                                          "whole-milk mozzarella cheese", "whole milk mozzarella cheese", "low-moisture mozzarella",
                                                          "low-moisture mozzarella cheese"]),
        // Parmigiano Reggiano is what recipes in every language call parmesan too.
        Entry(language: "en", name: "parmesan", others: ["parmesan cheese", "parmigiano-reggiano", "parmigiano reggiano", "parmigiano-reggiano cheese",
                                                        "parmigiano reggiano cheese", "parmigiano", "parmigiano grattugiato",
                                                        "parmigiano reggiano grattugiato", "parmigiano reggiano dop", "parmigiano reggiano d.o.p."]),
        Entry(language: "en", name: "cheddar", others: ["cheddar cheese"]),
        Entry(language: "en", name: "feta", others: ["feta cheese"]),
        Entry(language: "en", name: "mascarpone", others: ["mascarpone cheese"]),
        Entry(language: "en", name: "pecorino", others: ["pecorino romano", "pecorino cheese", "pecorino romano cheese"]),
        Entry(language: "en", name: "egg", others: ["whole egg"]),
        Entry(language: "en", name: "scallions", others: ["green onions", "spring onions", "scallion", "green onion", "spring onion"]),
        Entry(language: "en", name: "cilantro", others: ["fresh coriander", "coriander leaves", "cilantro leaves"]),
        Entry(language: "en", name: "zucchini", others: ["courgette", "courgettes"]),
        Entry(language: "en", name: "eggplant", others: ["aubergine", "aubergines"]),
        Entry(language: "en", name: "chickpeas", others: ["garbanzo beans", "garbanzos"]),
        Entry(language: "en", name: "baking soda", others: ["bicarbonate of soda", "bicarb soda", "sodium bicarbonate"]),
        Entry(language: "en", name: "powdered sugar", others: ["confectioners' sugar", "confectioners sugar", "icing sugar", "confectioner's sugar"]),
        Entry(language: "en", name: "sugar", others: ["granulated sugar", "white sugar", "white granulated sugar"]),
        Entry(language: "en", name: "all-purpose flour", others: ["plain flour", "all purpose flour", "ap flour", "flour"]),
        Entry(language: "en", name: "cornstarch", others: ["corn starch", "cornflour"]),
        Entry(language: "en", name: "heavy cream", others: ["heavy whipping cream"]),
        Entry(language: "en", name: "garlic", others: ["garlic cloves", "cloves garlic", "cloves of garlic"]),
    ]

    static let german: [Entry] = [
        Entry(language: "de", name: "Salz", others: ["Speisesalz", "Tafelsalz", "Kochsalz", "feines Salz", "Jodsalz"]),
        Entry(language: "de", name: "schwarzer Pfeffer", others: ["schwarzer Pfeffer, gemahlen", "gemahlener schwarzer Pfeffer",
                                                                 "Pfeffer schwarz", "Pfeffer aus der Mühle", "schwarzer Pfeffer aus der Mühle"]),
        Entry(language: "de", name: "Ricotta", others: ["Ricotta-Käse", "Ricottakäse"]),
        Entry(language: "de", name: "Mozzarella", others: ["Mozzarella-Käse", "Mozzarellakäse"]),
        Entry(language: "de", name: "Parmesan", others: ["Parmesankäse", "Parmesan-Käse"]),
        Entry(language: "de", name: "Ei", plural: "Eier"),
        Entry(language: "de", name: "Zwiebel", plural: "Zwiebeln"),
        Entry(language: "de", name: "Kartoffel", plural: "Kartoffeln"),
        Entry(language: "de", name: "Tomate", plural: "Tomaten"),
        Entry(language: "de", name: "Karotte", plural: "Karotten", others: ["Möhre", "Möhren", "Mohrrübe", "Mohrrüben"]),
        Entry(language: "de", name: "Knoblauchzehe", plural: "Knoblauchzehen"),
        Entry(language: "de", name: "Frühlingszwiebel", plural: "Frühlingszwiebeln", others: ["Lauchzwiebel", "Lauchzwiebeln"]),
        Entry(language: "de", name: "Sahne", others: ["Schlagsahne", "süße Sahne"]),
        Entry(language: "de", name: "Zucker", others: ["Kristallzucker", "weißer Zucker", "Haushaltszucker"]),
        Entry(language: "de", name: "Mehl", others: ["Weizenmehl", "Weizenmehl Type 405", "Mehl Type 405"]),
    ]

    static let french: [Entry] = [
        Entry(language: "fr", name: "sel", others: ["sel fin", "sel de table", "sel de cuisine"]),
        Entry(language: "fr", name: "poivre noir", others: ["poivre noir moulu", "poivre noir du moulin", "poivre du moulin", "poivre moulu"]),
        Entry(language: "fr", name: "ricotta", others: ["fromage ricotta"]),
        Entry(language: "fr", name: "parmesan", others: ["parmesan râpé"]),
        Entry(language: "fr", name: "oeuf", others: ["œuf", "œufs"]),
        Entry(language: "fr", name: "sucre", others: ["sucre en poudre", "sucre semoule", "sucre blanc"]),
        Entry(language: "fr", name: "farine", others: ["farine de blé", "farine T45", "farine T55", "farine type 55", "farine type 45"]),
        Entry(language: "fr", name: "oignon nouveau", others: ["oignons nouveaux", "oignon vert", "oignons verts", "cébette", "cébettes"]),
    ]

    static let spanish: [Entry] = [
        Entry(language: "es", name: "sal", others: ["sal fina", "sal de mesa"]),
        Entry(language: "es", name: "pimienta negra", others: ["pimienta negra molida", "pimienta negra recién molida", "pimienta molida"]),
        Entry(language: "es", name: "ricotta", others: ["queso ricotta"]),
        Entry(language: "es", name: "parmesano", others: ["queso parmesano", "queso parmesano rallado", "parmesano rallado"]),
        Entry(language: "es", name: "mozzarella", others: ["queso mozzarella"]),
        Entry(language: "es", name: "azúcar", others: ["azúcar blanco", "azúcar blanca", "azúcar granulado", "azúcar granulada"]),
        Entry(language: "es", name: "harina", others: ["harina de trigo", "harina común", "harina todo uso"]),
        Entry(language: "es", name: "cebolleta", others: ["cebolletas", "cebollino", "cebolla de verdeo", "cebollas de verdeo"]),
    ]

    static let italian: [Entry] = [
        Entry(language: "it", name: "sale", others: ["sale fino", "sale da cucina"]),
        Entry(language: "it", name: "pepe nero", others: ["pepe nero macinato", "pepe nero macinato fresco", "pepe macinato"]),
        Entry(language: "it", name: "uovo", plural: "uova"),
        Entry(language: "it", name: "pomodoro", plural: "pomodori"),
        Entry(language: "it", name: "cipolla", plural: "cipolle"),
        Entry(language: "it", name: "carota", plural: "carote"),
        Entry(language: "it", name: "spicchio d'aglio", plural: "spicchi d'aglio", others: ["spicchio di aglio", "spicchi di aglio"]),
        Entry(language: "it", name: "zucchero", others: ["zucchero semolato", "zucchero bianco"]),
        Entry(language: "it", name: "farina", others: ["farina 00", "farina di grano tenero", "farina di grano tenero 00"]),
    ]

    static let dutch: [Entry] = [
        Entry(language: "nl", name: "zout", others: ["keukenzout", "tafelzout", "fijn zout"]),
        Entry(language: "nl", name: "zwarte peper", others: ["gemalen zwarte peper", "versgemalen zwarte peper", "zwarte peper uit de molen",
                                                           "peper uit de molen", "versgemalen peper"]),
        Entry(language: "nl", name: "ei", plural: "eieren"),
        Entry(language: "nl", name: "ui", plural: "uien"),
        Entry(language: "nl", name: "lente-ui", others: ["lente-uitjes", "lenteui", "lenteuitjes", "bosui", "bosuitjes", "bosuien"]),
        Entry(language: "nl", name: "Parmezaanse kaas", others: ["Parmezaan", "geraspte Parmezaanse kaas"]),
        Entry(language: "nl", name: "bloem", others: ["tarwebloem"]),
        Entry(language: "nl", name: "suiker", others: ["kristalsuiker", "witte suiker", "fijne kristalsuiker"]),
    ]

    /// Danish, Norwegian and Swedish.
    static let scandinavian: [Entry] = [
        Entry(language: "da", name: "salt", others: ["bordsalt", "fint salt", "køkkensalt"]),
        Entry(language: "da", name: "sort peber", others: ["friskkværnet sort peber", "kværnet sort peber", "friskkværnet peber"]),
        Entry(language: "da", name: "æg", others: ["hele æg"]),
        Entry(language: "da", name: "løg", others: ["gule løg"]),
        Entry(language: "da", name: "hvedemel", others: ["mel"]),
        Entry(language: "no", name: "salt", others: ["bordsalt", "fint salt"]),
        Entry(language: "no", name: "sort pepper", others: ["nykvernet sort pepper", "kvernet sort pepper", "nykvernet pepper"]),
                Entry(language: "no", name: "hvetemel", others: ["siktet hvetemel"]),
        Entry(language: "sv", name: "salt", others: ["bordssalt", "finsalt", "fint salt"]),
        Entry(language: "sv", name: "svartpeppar", others: ["malen svartpeppar", "nymalen svartpeppar", "svart peppar", "nymald svartpeppar"]),
        Entry(language: "sv", name: "ägg", others: ["hela ägg"]),
        Entry(language: "sv", name: "gul lök", others: ["gula lökar", "lök"]),
        Entry(language: "sv", name: "vetemjöl", others: ["mjöl"]),
        Entry(language: "sv", name: "socker", others: ["strösocker"]),
    ]

    static let portuguese: [Entry] = [
        Entry(language: "pt", name: "sal", others: ["sal fino", "sal de cozinha", "sal refinado"]),
        Entry(language: "pt", name: "pimenta-do-reino", others: ["pimenta do reino", "pimenta-do-reino moída", "pimenta do reino moída",
                                                                "pimenta preta", "pimenta preta moída"]),
        Entry(language: "pt", name: "ovo", others: ["ovos inteiros"]),
        Entry(language: "pt", name: "queijo parmesão", others: ["parmesão", "parmesão ralado", "queijo parmesão ralado"]),
        Entry(language: "pt", name: "ricota", others: ["queijo ricota"]),
        Entry(language: "pt", name: "açúcar", others: ["açúcar refinado", "açúcar branco", "açúcar cristal"]),
        Entry(language: "pt", name: "farinha de trigo", others: ["farinha de trigo sem fermento", "farinha"]),
        Entry(language: "pt", name: "cebolinha", others: ["cebolinha verde", "cebolinhas"]),
    ]

    static let polish: [Entry] = [
        Entry(language: "pl", name: "sól", others: ["sól kuchenna", "sól drobna"]),
        Entry(language: "pl", name: "pieprz czarny", others: ["czarny pieprz", "pieprz czarny mielony", "mielony czarny pieprz", "pieprz mielony"]),
        Entry(language: "pl", name: "jajko", plural: "jajka", others: ["jaja", "jajo"]),
        Entry(language: "pl", name: "cebula", plural: "cebule"),
        Entry(language: "pl", name: "mąka pszenna", others: ["mąka", "mąki pszennej"]),
        Entry(language: "pl", name: "cukier", others: ["cukier biały", "cukier kryształ"]),
    ]

    /// The key of every name listed (`ShoppingName.plainKey`), to the entry it names.
    static let byKey: [String: Entry] = {
        var table: [String: Entry] = [:]
        for entry in entries {
            for name in entry.names {
                let key = ShoppingName.plainKey(name)
                // A name two languages share for one thing (`salt`, `ricotta`) keeps its first
                // entry; either way it lands on one line.
                if table[key] == nil { table[key] = entry }
            }
        }
        return table
    }()

    /// The key and the plain keys of every other name of its thing (`cheddar`, `cheddar cheese`).
    public static func keys(sharingKey key: String) -> [String] {
        guard let entry = byKey[key] else { return [key] }
        return [key] + entry.names.map(ShoppingName.plainKey).filter { $0 != key }
    }

    /// The entry that lists a name (by its `ShoppingName.plainKey`) first: the language and
    /// spelling the name was written in, where two languages share the key (Dutch and German `ei`).
    public static func entry(listing name: String) -> Entry? {
        byKey[ShoppingName.plainKey(name)]
    }

    /// The entry a shopping key names, or nil.
    public static func entry(forKey key: String) -> Entry? {
        byKey[key]
    }
}
