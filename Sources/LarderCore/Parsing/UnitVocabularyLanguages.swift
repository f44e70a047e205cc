/// How German, French, Spanish, Italian, Dutch, Danish, Norwegian, Swedish, Portuguese and Polish
/// recipes write the units of `UnitVocabularyData`, mapped to the same canonical English names, so
/// that scaling, conversion and the shopping list work on them unchanged.
///
/// Spellings are lower-case. Several words are one phrase (`c. à soupe`, `colher (sopa)`): dots
/// and brackets are written as the recipes write them and ignored when matching. Inflected forms
/// are listed (`Prisen`, `łyżki`, `cucchiai`); an English plural (`+s`, `+es`) is added to every
/// spelling by `UnitVocabulary`, which covers the Romance plurals. A word that also means
/// something else before a name (`noix`, walnut or knob; `molho`, sauce or bunch) is left out.
enum UnitVocabularyLanguages {
    static let spellings: [String: [String]] = [
        "tablespoon": [
            // German, Dutch, Scandinavian, Polish.
            "el", "essl", "eßl", "esslöffel", "eßlöffel", "esslöffeln", "eetlepel", "eetlepels", "eetl",
            "msk", "spsk", "ss", "spiseskje", "spiseskjeer", "matsked", "matskedar", "spiseske", "spiseskeer",
            "łyżka", "łyżki", "łyżek", "łyżkę", "łyż",
            // French.
            "cs", "càs", "c. à s.", "c.s.", "c. s.", "c. à soupe", "cuil. à soupe", "cuill. à soupe",
            "cuillère à soupe", "cuillères à soupe", "cuillérée à soupe", "cuillerée à soupe", "cuillerées à soupe",
            // Spanish, Italian.
            "cucharada", "cucharadas", "cda", "cdas", "cucharón", "cucchiaio", "cucchiai",
            // Portuguese: `colher` alone is the soup spoon.
            "colher", "colheres", "colher (sopa)", "colheres (sopa)", "colher de sopa", "colheres de sopa",
            "c. de sopa", "c. sopa", "colher sopa", "colheres sopa",
        ],
        "teaspoon": [
            "tl", "teel", "teelöffel", "teelöffeln", "theelepel", "theelepels", "theel",
            "tsk", "ts", "teskje", "teskjeer", "tesked", "teskedar", "teske", "teskeer",
            "łyżeczka", "łyżeczki", "łyżeczek", "łyżeczkę",
            "càc", "c. à c.", "c.c.", "c. c.", "c. à café", "c. à thé", "cuil. à café", "cuill. à café",
            "cuillère à café", "cuillères à café", "cuillerée à café", "cuillerées à café", "cuillère à thé",
            "cucharadita", "cucharaditas", "cdta", "cdtas", "cdita", "cditas", "cucchiaino", "cucchiaini",
            "colher (chá)", "colheres (chá)", "colher de chá", "colheres de chá", "c. de chá", "c. chá", "c.chá",
        ],
        "dessertspoon": ["colher (sobremesa)", "colheres (sobremesa)", "colher de sobremesa", "colheres de sobremesa", "dessertlepel"],
        "cup": [
            "tasse", "tassen", "taza", "tazas", "tazza", "tazze", "kopje", "kopjes", "kop", "kopp", "koppar",
            "xícara", "xícaras", "xícara (chá)", "xícaras (chá)", "xícara de chá", "xícaras de chá", "chávena", "chávenas",
            "szklanka", "szklanki", "szklanek",
        ],
        // A Swedish spice measure (kryddmått) is defined as 1 ml.
        "milliliter": ["krm", "kryddmått", "mililitro", "mililitros", "millilitro", "millilitri", "mililitr"],
        "liter": ["litro", "litros", "litri", "litr", "litry"],
        "deciliter": ["decilitro", "decilitros", "decilitri"],
        "centiliter": ["centilitro", "centilitros"],
        "gram": ["gramm", "gramo", "gramos", "grammo", "grammi", "grama", "gramas", "gramme", "grammes", "gramů", "gramy"],
        "kilogram": ["kilogramm", "kilogramo", "kilogramos", "chilogrammo", "chilogrammi", "quilo", "quilos", "quilograma", "quilogramas", "kilogramy"],
        "pinch": [
            "prise", "prisen", "msp", "messerspitze", "messerspitzen", "pincée", "pincées", "pizca", "pizcas", "pellizco",
            "pizzico", "pizzichi", "pitada", "pitadas", "snufje", "snufjes", "snuf", "snuifje", "mespuntje", "knivspids",
            "knivsodd", "knivsudd", "nip", "nypa", "klype", "szczypta", "szczypty", "szczypt", "szczyptę",
        ],
        "bunch": ["bund", "bd", "bündel", "botte", "bottes", "manojo", "mazzo", "mazzetto", "maço", "bos", "bosje", "bosjes", "bundt", "bunt", "knippe", "pęczek", "pęczki"],
        "can": ["dose", "dosen", "boîte", "boîtes", "lata", "latas", "lattina", "scatola", "scatoletta", "blik", "blikje", "blikjes", "dåse", "dåser", "ds", "boks", "bokser", "burk", "burkar", "puszka", "puszki"],
        "jar": ["glas", "gläser", "bote", "frasco", "frascos", "barattolo", "vidro", "vidros", "potje", "słoik", "słoiki"],
        "clove": [
            "zehe", "zehen", "gousse", "gousses", "diente", "dientes", "spicchio", "spicchi", "teen", "teentje", "teentjes",
            "tenen", "fed", "dente", "dentes", "klyfta", "klyftor", "båt", "båter", "ząbek", "ząbki", "ząbków",
        ],
        "slice": [
            "scheibe", "scheiben", "tranche", "tranches", "rondelle", "rondelles", "rodaja", "rodajas", "loncha", "lonchas",
            "rebanada", "rebanadas", "fetta", "fette", "fettina", "fettine", "plak", "plakje", "plakjes", "plakken",
            "skive", "skiver", "skiva", "skivor", "fatia", "fatias", "plaster", "plastry", "plasterek", "plasterki",
        ],
        "sprig": ["zweig", "zweige", "zweiglein", "brin", "brins", "ramita", "ramitas", "rametto", "rametti", "takje", "takjes", "kvist", "kvister", "raminho", "raminhos", "gałązka", "gałązki"],
        "branch": ["branche", "branches", "rama", "ramas", "ramo", "ramos"],
        "leaf": ["blatt", "blätter", "feuille", "feuilles", "hoja", "hojas", "foglia", "foglie", "fogliolina", "foglioline", "blaadje", "blaadjes", "blad", "folha", "folhas", "listek", "listki", "liść", "liście"],
        "sheet": ["foglio", "fogli", "vel", "vellen", "plade", "plader", "ark"],
        "stalk": ["stange", "stangen", "stängel", "stengel", "stengels", "tallo", "tallos", "gambo", "gambi", "stang", "stilk", "stjälk", "łodyga", "łodygi"],
        "stem": ["stiel", "stiele"],
        "piece": ["stück", "stk", "stck", "st", "styck", "stykke", "stykker", "pièce", "pièces", "morceau", "morceaux", "trozo", "trozos", "pedazo", "pedazos", "pezzo", "pezzi", "stuk", "stuks", "pedaço", "pedaços", "sztuka", "sztuki", "sztuk", "kawałek", "kawałki"],
        // Spanish `ud.`/`uds.` (unidad, unidades): "1 ud. de cebolla".
        "unit": ["unité", "unités", "unidad", "unidades", "unidade", "unid", "ud", "ud.", "uds", "uds.", "unità"],
        "packet": ["päckchen", "pck", "pkt", "tütchen", "sachet", "sachets", "sobre", "sobres", "bustina", "bustine", "busta", "sachê", "sachês", "saqueta", "saquinho", "zakje", "zakjes", "brev", "breve", "torebka", "torebki"],
        "package": ["packung", "packungen", "paquet", "paquets", "paquete", "paquetes", "confezione", "confezioni", "pakje", "pakken", "pakke", "pakker", "paket", "förpackning", "forpackning", "pacote", "pacotes", "opakowanie", "opakowania"],
        "handful": ["handvoll", "poignée", "poignées", "puñado", "puñados", "manciata", "manciate", "handvol", "handje", "håndfuld", "håndfull", "näve", "neve", "punhado", "punhados", "garść", "garści"],
        "ball": ["kugel", "kugeln", "boule", "boules", "bola", "bolas", "palla", "pallina", "kula", "kule"],
        "cube": ["würfel", "cubito", "cubitos", "pastilla", "pastillas", "dado", "dadi", "cubo", "cubos", "tablete", "tabletes", "blokje", "blokjes", "tærning", "tärning", "terning", "kostka", "kostki"],
        "head": ["kopf", "köpfe", "tête", "cabeza", "cabezas", "testa", "krop", "huvud", "główka", "główki"],
        "bulb": ["knolle", "knollen", "bulbe", "bulbo", "bulbi", "knol"],
        "pot": ["topf", "töpfe", "pote", "vasetto", "kruka", "krukor", "potte", "potter", "doniczka"],
        "knob": ["klont", "klontje", "klontjes", "klick"],
        "glass": ["verre", "verres", "vaso", "vasos", "bicchiere", "bicchieri", "copo", "copos"],
        "drop": ["tropfen", "goutte", "gouttes", "gota", "gotas", "goccia", "gocce", "druppel", "druppels", "dråbe", "dråber", "droppe", "droppar", "dråpe", "dråper", "kropla", "krople"],
        "bottle": ["flasche", "flaschen", "bouteille", "botella", "bottiglia", "fles", "flaske", "flaska", "garrafa", "butelka"],
        "bag": ["beutel", "tüte", "tüten", "bolsa", "sacchetto", "zak", "pose", "påse", "saco", "worek"],
        "tube": ["tubo", "tubetto", "tuba", "tubka"],
        "container": ["becher", "tarrina", "vaschetta", "bakje", "bæger", "bägare", "embalagem", "kubek"],
        "cluster": ["grappolo", "grappoli", "racimo", "tros", "trosje"],
        "recipe": ["rezept", "recette", "receta", "ricetta", "recept", "opskrift", "oppskrift", "receita", "przepis"],
        "grind": ["tour", "tours"],
        "steak": ["bife", "bifes"],
        "pod": ["schote", "schoten", "baccello", "baccelli", "vaina", "vainas", "vagem", "peul"],
        "fillet": ["filé", "filés", "filete", "filetes", "filetto", "filetti"],
        "splash": ["spritzer", "schuss", "scheut", "scheutje", "chorrito", "chorro", "goccio", "skvett", "stænk", "trait", "traits"],
        "drizzle": ["fio", "fios"],
    ]
}
