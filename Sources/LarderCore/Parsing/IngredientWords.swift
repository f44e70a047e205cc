/// The words the ingredient rules know, in English and in the languages Larder reads recipes in
/// (German, French, Spanish, Italian, Dutch, Danish, Norwegian, Swedish, Portuguese, Polish).
/// Units and numbers have their own tables (`UnitVocabulary`, `NumberWords`). Every list is
/// lower-case; a word that is common in another role in one of the languages is left out.
enum IngredientWords {
    /// Size words: not part of the name, the unit or the comment ("2 large eggs", "1 große Karotte").
    static let sizes: Set<String> = [
        "small", "medium", "large", "big", "lg", "med", "sm", "jumbo", "extra-large", "x-large", "xl", "medium-size",
        "medium-sized", "large-size", "small-size", "medium-large", "small-medium", "good-sized", "large-sized", "small-sized",
        // German.
        "groß", "große", "großer", "großes", "großen", "gross", "grosse", "grosser", "grosses", "grossen", "klein", "kleine",
        "kleiner", "kleines", "kleinen", "kl", "mittelgroß", "mittelgroße", "mittelgroßer", "mittelgroßes", "mittelgroßen",
        "mittelgross", "mittelgrosse", "mittelgrosser", "mittelgrosses", "mittelgrossen", "mittlere", "mittlerer", "mittleres", "mittleren",
        // French.
        "gros", "petit", "petits", "petites", "moyen", "moyenne", "moyens", "moyennes",
        // Spanish, Italian, Portuguese (Spanish `medio` is a half, see `NumberWords`).
        "grande", "grandes", "grandi", "pequeño", "pequeña", "pequeños", "pequeñas", "mediano", "mediana", "medianos", "medianas",
        "piccolo", "piccola", "piccoli", "piccole", "pequeno", "pequena", "pequenos", "pequenas", "médio", "média", "médios", "médias",
        // Dutch.
        "groot", "grote", "middelgroot", "middelgrote", "flink", "flinke",
        // Danish, Norwegian, Swedish.
        "stor", "store", "stora", "stort", "liten", "litet", "lille", "små", "mellemstor", "mellemstore", "mellomstor",
        "mellomstore", "medelstor", "medelstora", "middels",
        // Polish.
        "duży", "duża", "duże", "dużych", "mały", "mała", "małe", "małych", "średni", "średnia", "średnie", "średnich",
    ]

    /// Words that qualify a unit ("a scant cup", "1 gestrichener TL"): comment, never the unit.
    static let qualifiers: Set<String> = [
        "scant", "heaped", "heaping", "generous", "good", "level", "rounded", "full", "about", "approximately",
        "gestrichen", "gestrichene", "gestrichener", "gestrichenen", "gehäuft", "gehäufte", "gehäufter", "gehäuften",
        "rase", "rases", "bombée", "bombées", "raso", "rasa", "rasi", "colmo", "colma", "ruime", "ruim", "afgestreken",
        "gestreken", "struken", "strøget", "strøgen", "toppet", "rågad", "rågade", "płaska", "płaskie", "czubata", "czubate",
        "alm", "almindelig", "almindelige",
    ]

    /// What comes in sheets that languages count in leaves ("4 feuilles de pâte filo").
    static let sheetGoods: Set<String> = [
        "pâte", "brick", "filo", "fillo", "phyllo", "yufka", "lasagne", "lasagna", "lasaña", "nori", "blätterteig", "strudelteig",
        "reispapier",
    ]

    /// Qualifiers that may follow the unit ("1 cucchiaino raso", "1 TL gestrichen"): level and heaped.
    static let levels: Set<String> = [
        "gestrichen", "gestrichene", "gestrichener", "gehäuft", "gehäufte", "gehäufter", "rase", "rases", "bombée", "bombées",
        "raso", "rasa", "rasi", "colmo", "colma", "afgestreken", "gestreken", "struken", "strøget", "strøgen", "toppet", "rågad",
        "rågade", "płaska", "czubata",
    ]

    /// Words for the thickness of what a unit counts ("3 dünne Stangen", "2 thick slices"):
    /// comment, when a unit follows.
    static let thickness: Set<String> = ["thin", "thick", "dünne", "dicke", "dunne", "dikke", "tynne", "tykke", "tunna", "tjocka", "fines", "épaisses"]

    /// Words that describe what a unit holds, between the amount and the unit ("2 plump stalks",
    /// "1 large tight head", "1 very full pint").
    static let unitDescriptions: Set<String> = ["plump", "tight", "full", "well-packed", "firm", "fat", "long", "short", "wide"]

    /// Words before an amount that make it approximate or vague ("about 2 cups", "ca. 200 g").
    static let approximations: Set<String> = [
        "tiny", "about", "approx", "approximately", "around", "roughly", "circa", "ca", "some", "few", "several", "couple", "scant", "heaped",
        "heaping", "generous", "good", "level", "rounded", "large", "small", "big",
        "etwa", "ungefähr", "je", "environ", "env", "unos", "unas", "aprox", "aproximadamente", "cerca",
        "ongeveer", "omkring", "ungefär", "cirka", "około",
    ]

    /// Words that describe preparation; before the name they belong to the comment.
    static let preparation: Set<String> = Set([
        "chopped", "diced", "sliced", "minced", "grated", "shredded", "crushed", "peeled", "trimmed", "torn", "cubed",
        "halved", "quartered", "julienned", "mashed", "melted", "softened", "beaten", "whisked", "sifted", "toasted",
        "roasted", "cooked", "uncooked", "drained", "rinsed", "packed", "firmly", "lightly", "loosely", "finely",
        "roughly", "coarsely", "thinly", "thickly", "freshly", "well-stirred", "well-shaken", "cut", "deseeded", "seeded",
        "pitted", "stemmed", "cored", "zested", "squeezed", "juiced", "crumbled", "snipped", "cracked", "warmed", "chilled",
        "room-temperature", "sieved", "boiled", "blanched", "defrosted", "thawed", "divided", "optional", "coarse",
        "very", "pureed", "puréed", "deveined", "shelled", "hard-boiled", "hard-cooked", "thick", "thin", "lukewarm", "tepid",
        "scrubbed", "washed", "slivered", "flaked", "rolled", "grilled",
        "fein", "grob", "leicht", "finement", "grossièrement", "finamente", "fijn", "grof", "świeżo",
    ]).union(participles).union(prenominal)

    /// Preparation participles of the other languages. Written after the name they start the
    /// comment ("queso rallado", "oignons hachés", "Kirschtomaten halbiert"); before it, as all
    /// preparation words do.
    static let participles: Set<String> = [
        // German, uninflected (the inflected forms come before the noun: `prenominal`).
        "gehackt", "gewürfelt", "geschnitten", "geschält", "gerieben", "geraspelt", "gepresst", "halbiert", "geviertelt",
        "entkernt", "entsteint", "gekocht", "gegart", "geröstet", "gehobelt", "zerlassen", "geschmolzen", "erwärmt",
        "zerkleinert", "zerdrückt", "passiert", "abgetropft", "aufgetaut", "verquirlt", "gewaschen", "geputzt", "aufgelöst",
        // French.
        "haché", "hachée", "hachés", "hachées", "émincé", "émincée", "émincés", "émincées", "râpé", "râpée", "râpés", "râpées",
        "fondu", "fondue", "fondus", "battu", "battus", "battue", "pelé", "pelée", "pelés", "pelées", "coupé", "coupée", "coupés",
        "coupées", "tranché", "tranchée", "tranchés", "tranchées", "ciselé", "ciselée", "ciselés", "concassé", "concassée",
        "égoutté", "égouttée", "égouttés", "égouttées", "dénoyauté", "dénoyautée", "dénoyautés", "dénoyautées", "épépiné",
        "grillé", "grillés", "grillée", "ramolli", "ramollie", "écrasé", "écrasée", "écrasés", "pressé", "pressée", "désossé",
        "désossée", "effiloché", "émietté", "émiettée", "mixé", "mixée", "décongelé", "décongelées", "dégelées", "dégelés",
        "tiède", "tièdes", "mou", "molle", "mous", "ramollis", "croustillant", "croustillante", "croustillants", "entier",
        "entière", "entiers", "entières", "suffisant", "fraîchement", "légèrement",
        // Spanish.
        "picado", "picada", "picados", "picadas", "rallado", "rallada", "rallados", "ralladas", "pelado", "pelada", "pelados",
        "peladas", "cortado", "cortada", "cortados", "cortadas", "troceado", "troceada", "troceados", "troceadas", "laminado",
        "laminada", "laminados", "fileteado", "fileteada", "escurrido", "escurrida", "escurridos", "escurridas", "cocido",
        "cocida", "cocidos", "cocidas", "tostado", "tostada", "tostados", "tostadas", "derretido", "derretida", "batido", "batidos",
        "desalado", "desalada", "disuelto", "disuelta", "suficiente", "enteros", "entera", "entero", "enteras",
        // Italian.
        "tritato", "tritata", "tritati", "tritate", "grattugiato", "grattugiata", "grattugiati", "tagliato", "tagliata",
        "tagliati", "tagliate", "tostati", "tostate", "lessato", "lessati", "lessate", "sbucciato", "sbucciata", "sbucciati",
        "sgocciolato", "sgocciolati", "sciolto", "fuso", "affettato", "affettata", "affettati", "sminuzzato",
        // Dutch, uninflected (`gehakt` is minced meat, not chopped).
        "gesnipperd", "fijngesnipperd", "geraspt", "gepeld", "gesneden", "fijngehakt", "grofgehakt", "geroosterd",
        "gesmolten", "uitgeperst", "ontdooid", "uitgelekt", "gekookt", "gehalveerd", "geschild", "verkruimeld", "ontveld",
        "schoongemaakt", "fijngesneden", "lauwwarm", "lauw",
        // Danish, Norwegian, Swedish.
        "hakket", "finhakket", "grovhakket", "finthakket", "groft", "fint", "hackad", "hackade", "finhackad", "finhackade",
        "riven", "rivet", "revet", "revne", "skivad", "skivade", "tärnad", "tärnade", "smält", "smeltet", "smeltede", "pressad",
        "pressede", "presset", "skalad", "skalade", "skrællet", "skrællede", "skrelt", "kogt", "kogte", "kokt", "kokte", "kokta",
        "strimlet", "strimlad", "nymald", "nymalen", "nykvernet", "mjukt", "mjuk", "rumstempererat", "rumstempererad",
        // Portuguese.
        "picadinho", "picadinhos", "picadinha", "picadinhas", "ralado", "ralada", "ralados", "raladas", "espremido", "espremida",
        "espremidos", "espremidas", "dissolvido", "dissolvida", "cozido", "cozida", "cozidos", "cozidas", "descascado", "descascada", "fatiado", "fatiada",
        "fatiados", "escorrido", "escorridos",
        // Polish.
        "posiekany", "posiekana", "posiekane", "pokrojony", "pokrojona", "pokrojone", "starty", "starta", "starte", "zmielony",
        "zmielona", "roztopione", "roztopiony", "obrany", "obrane",
    ]

    /// Inflected participles of German and Dutch, which come before the noun ("geriebener
    /// Käse", "geraspte kaas"): preparation there, but never the end of a name.
    static let prenominal: Set<String> = [
        "gehackte", "gehackter", "gehacktes", "gehackten", "gewürfelte", "gewürfelter", "gewürfelten", "geschnittene",
        "geschnittener", "geschnittenen", "geschälte", "geschälter", "geschälten", "geriebene", "geriebener", "geriebenes",
        "geriebenen", "geraspelte", "geraspelter", "geraspelten", "gepresste", "halbierte", "entkernte", "entsteinte",
        "gekochte", "gekochter", "gekochten", "gegarte", "geröstete", "gerösteter", "gerösteten", "gehobelte", "gehobelten",
        "zerlassene", "geschmolzene", "erwärmte",
        "gesnipperde", "geraspte", "gepelde", "fijngehakte", "geroosterde", "gekookte", "geschilde",
    ]

    /// Connectors between a unit and the name ("cup of", "de", "d'", "di", "del", "van"):
    /// neither unit nor name.
    static let connectors: Set<String> = [
        "of", "de", "d'", "d’", "di", "del", "della", "dello", "dei", "degli", "delle", "du", "des", "da", "do", "van", "af", "av",
    ]

    /// Words that end the name and start a comment: a purpose ("for", "zum Braten", "pour",
    /// "para", "om in te bakken", "til stegning") or a condition ("ohne Haut").
    static let commentStarts: Set<String> = [
        "for", "plus", "such", "für", "zum", "zur", "aus", "ohne", "voor", "om", "til", "till", "zoals",
        "bijvoorbeeld", "bijv", "preferably", "ideally", "gärna", "gerne", "helst", "eventuell", "eventueel", "optioneel", "opcional", "facultatif",
    ]

    /// Phrases that say "to taste" or "as needed"; they end the name, and after a number they are
    /// the whole amount ("1 q.b. coentros").
    static let asNeeded: [[String]] = [
        ["to", "taste"], ["a", "gosto"], ["al", "gusto"], ["q", "b"], ["qb"], ["quanto", "basta"], ["a", "piacere"],
        ["naar", "smaak"], ["nach", "geschmack"], ["nach", "belieben"], ["à", "volonté"], ["selon", "goût"], ["efter", "smag"],
        ["etter", "smak"], ["efter", "smak"], ["do", "smaku"],
    ]

    /// Phrases that end the name and start a comment: where it comes from ("du moulin", "aus der
    /// Mühle", "moída na hora"), a choice ("de votre choix", "naar keuze"), an example ("z. B.",
    /// "p. ex.", "t.ex.").
    static let commentPhrases: [[String]] = [
        ["du", "moulin"], ["de", "votre", "choix"], ["au", "choix"], ["à", "votre", "goût"], ["naar", "keuze"], ["nach", "wahl"],
        ["a", "scelta"], ["a", "elección"], ["moída", "na", "hora"], ["moído", "na", "hora"], ["na", "hora"],
        ["z", "b"], ["p", "ex"], ["f", "eks"], ["t", "ex"], ["por", "ejemplo"], ["ad", "esempio"], ["por", "exemplo"],
    ]

    /// Pieces a preparation cuts into, after "en", "in", "em", "a", "i" ("en dés", "in Streifen",
    /// "em cubos", "a cubetti", "i tern"): the phrase is comment.
    static let cutPieces: Set<String> = [
        "cubes", "dés", "morceaux", "rondelles", "lamelles", "quartiers", "tranches", "lanières", "julienne", "brunoise",
        "cubos", "trozos", "trocitos", "cuartos", "rodajas", "tiras", "dados", "láminas", "gajos", "pedaços", "pedacinhos",
        "rodelas", "fatias", "tirinhas", "cubetti", "dadini", "pezzi", "pezzetti", "fette", "fettine", "listarelle", "spicchi",
        "streifen", "scheiben", "stücke", "stückchen", "würfel", "würfelchen", "ringe", "ringen", "spalten", "stifte",
        "blokjes", "stukjes", "stukken", "plakjes", "reepjes", "repen", "partjes", "parten", "schijfjes", "bitar", "bitat",
        "tern", "terninger", "skiver", "skivor", "strimler", "klyftor", "båter", "stykker", "biter", "kostkę", "plasterki",
        "pieces", "chunks", "slices", "strips", "wedges", "rings", "dice", "halves", "quarters",
    ]

    /// Vague words at the start of a line that belong to the comment ("etwas Mehl", "qq brins").
    static let vagueLeads: Set<String> = [
        "some", "etwas", "wenig", "bisschen", "qq", "quelques", "peu", "algo", "alcuni", "alcune", "poco",
        "wat", "beetje", "lidt", "litt", "några", "trochę", "ev", "evt", "eventuell", "eventueel", "eventuelt",
        "optioneel", "optional", "alternativ", "alternatief", "oder", "ou", "o", "of", "eller", "lub", "je", "ruim", "ruime",
    ]

    /// Words for "a little" after an article ("un peu", "un poco", "een beetje"): no amount.
    static let littleWords: Set<String> = ["peu", "poco", "pouco", "beetje", "bisschen", "wenig", "lidt", "trochę"]

    /// Articles that are also the word for "one" in their language: at the start of a line
    /// they are a quantity of one ("eine Handvoll", "Una pizca", "Et nip salt"). English `a` and
    /// `an` are not, as the labelled corpus counts "a pinch" as no number.
    static let oneArticles: Set<String> = [
        "ein", "eine", "einen", "un", "une", "uno", "una", "een", "en", "et", "ett", "um", "uma",
    ]
}
