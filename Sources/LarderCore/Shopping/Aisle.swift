/// Where in a shop an ingredient is found, from a small table of words: good enough to walk a
/// supermarket in one pass, never a reason to lose an item (anything unknown is "other").
public enum Aisle: String, CaseIterable, Codable, Sendable {
    case produce, dairy, meatAndFish = "meat and fish", pantry, spices, other

    public var heading: String {
        switch self {
        case .produce: return "Produce"
        case .dairy: return "Dairy and eggs"
        case .meatAndFish: return "Meat and fish"
        case .pantry: return "Pantry"
        case .spices: return "Spices"
        case .other: return "Other"
        }
    }

    /// The aisle for a shopping name (see `ShoppingName.key`): a phrase of the table that the
    /// name contains wins (`black pepper`, `chicken stock`), then the last word, which names
    /// the thing (`stock` in `vegetable stock`), then any other word; then the end of a word
    /// written as one with what describes it, which names the thing the same way (German
    /// `Weizenmehl`, `Gemüsebrühe`; English `roastbeef`). Ground herbs and roots are spices.
    public static func of(_ key: String) -> Aisle {
        // Ground ginger, cumin, coriander: a spice, whatever the fresh thing is (ground beef is meat).
        if key.hasPrefix("ground "), [.produce, .spices].contains(of(String(key.dropFirst(7)))) { return .spices }
        let padded = " \(key) "
        for (phrase, aisle) in phrases where padded.contains(" \(phrase) ") { return aisle }
        let words = key.split(separator: " ").map(String.init)
        if let last = words.last, let aisle = byWord[last] { return aisle }
        for word in words.reversed() { if let aisle = byWord[word] { return aisle } }
        for word in words.reversed() { if let aisle = compoundEnd(of: word) { return aisle } }
        return .other
    }

    /// The aisle of the longest word of the table that `word` ends with, of at least four
    /// letters (shorter ones end too many words by chance: `ol`, `ei`, `oat`).
    static func compoundEnd(of word: String) -> Aisle? {
        let letters = Array(word)
        guard letters.count > 4 else { return nil }
        for start in 1...(letters.count - 4) {
            if let aisle = byWord[String(letters[start...])] { return aisle }
        }
        return nil
    }

    private static let phrases: [(String, Aisle)] = [
        ("salt and pepper", .spices), ("black pepper", .spices), ("white pepper", .spices), ("cayenne pepper", .spices), ("red pepper flake", .spices),
        ("chili powder", .spices), ("garlic powder", .spices), ("onion powder", .spices), ("bay leaf", .spices),
        ("baking powder", .pantry), ("baking soda", .pantry), ("soy sauce", .pantry), ("fish sauce", .pantry),
        ("coconut milk", .pantry), ("tomato paste", .pantry), ("peanut butter", .pantry), ("bell pepper", .produce),
        ("sour cream", .dairy), ("cream cheese", .dairy), ("spring onion", .produce), ("green onion", .produce),
        ("half and half", .dairy), ("egg white", .dairy), ("egg yolk", .dairy), ("mixed spice", .spices), ("pumpkin pie spice", .spices),
        ("italian seasoning", .spices), ("poppy seed", .pantry), ("sesame seed", .pantry), ("sesame oil", .pantry), ("brussels sprout", .produce),
        ("noce moscata", .spices), ("pepe nero", .spices),
    ]

    private static let byWord: [String: Aisle] = {
        var table: [String: Aisle] = [:]
        let lists: [(Aisle, String)] = [
            (.produce, "onion garlic shallot scallion leek tomato potato carrot celery cucumber zucchini courgette eggplant aubergine pepper chili chilli jalapeno lettuce spinach kale cabbage broccoli cauliflower mushroom ginger avocado lemon lime orange apple pear banana berry strawberry blueberry raspberry grape mango pineapple peach plum cherry corn pea bean sprout parsley cilantro coriander basil mint dill chive rosemary sage herb squash pumpkin beet radish asparagus fennel arugula rocket"),
            // Plurals the singular rule keeps as they are (`EnglishNoun.invariable`), and more of the produce aisle.
            (.produce, "peas chives greens brussels chile serrano poblano habanero okra artichoke turnip parsnip yam sweetcorn watercress endive chard bok choy tarragon chervil lemongrass cranberry blackberry gooseberry melon watermelon kiwi apricot nectarine fig pomegranate grapefruit clementine mandarin rhubarb coconut salad veggie vegetable lettuce romaine"),
            (.dairy, "milk butter cream cheese yogurt yoghurt egg parmesan mozzarella cheddar feta ricotta mascarpone buttermilk ghee creme"),
            (.dairy, "eggwhite margarine gruyere gouda brie camembert pecorino halloumi paneer quark kefir"),
            (.meatAndFish, "chicken beef pork lamb veal bacon sausage ham turkey duck mince steak fish salmon tuna cod haddock shrimp prawn crab lobster mussel clam squid anchovy chorizo prosciutto pancetta"),
            // Fish and shellfish by their names, and cuts and kinds of meat.
            (.meatAndFish, "halibut trout tilapia mackerel sardine herring sole snapper bass swordfish mahi catfish pollock hake monkfish bream perch pike carp seafood shellfish scallop oyster octopus calamari crayfish langoustine fillet filet meat meatball mutton venison rabbit goose quail pheasant salami pepperoni brisket sirloin tenderloin loin oxtail liver"),
            (.spices, "salt peppercorn cumin paprika cinnamon nutmeg turmeric oregano thyme clove cardamom saffron allspice vanilla curry masala cayenne"),
            (.spices, "seasoning spice sumac za'atar fenugreek caraway anise aniseed mace"),
            (.pantry, "flour sugar rice pasta spaghetti noodle oil vinegar stock broth bouillon honey syrup yeast oat breadcrumb bread chocolate cocoa nut almond walnut pecan cashew peanut lentil chickpea quinoa couscous mustard ketchup mayonnaise sauce wine water cornstarch cornflour gelatin raisin tortilla cracker"),
            (.pantry, "oats grits semolina polenta penne pappardelle macaroni lasagne lasagna fettuccine linguine tagliatelle orzo rigatoni fusilli farfalle ramen baguette pita bun jam marmalade caper olive pickle date prune agave molasses gelatine coffee tea rum sherry brandy whisky whiskey beer vodka mirin tamari sriracha harissa salsa pesto tahini miso seed dressing hazelnut pistachio sultana"),
            // The staples of the other languages Larder reads, as their recipes name them.
            (.produce, "knoblauchzehe knoblauchzehen schalotte schalotten krauter erbsen salvia zwiebel zwiebeln knoblauch kartoffel kartoffeln karotte karotten mohre mohren tomate tomaten petersilie spinat champignon champignons pilze paprikaschote ingwer oignon ail carotte pomme persil cipolla aglio patata patate carota pomodoro pomodori prezzemolo basilico spinaci cebolla ajo zanahoria perejil"),
            (.dairy, "ei eier eigelb eigelbe milch sahne schlagsahne kase joghurt oeuf oeufs lait beurre fromage uovo uova latte burro formaggio huevo huevos leche mantequilla queso"),
            (.meatAndFish, "hahnchen hahnchenbrust hackfleisch rindfleisch schweinefleisch lachs speck schinken wurst poulet boeuf porc jambon pollo manzo maiale pancetta carne cerdo"),
            (.pantry, "kakao starke tomatenmark pane pangrattato ziti biscuit pastry mehl zucker ol reis nudeln essig honig bruhe gemusebruhe senf hefe schokolade farine sucre huile riz vinaigre farina zucchero olio riso aceto harina azucar aceite arroz vinagre"),
            (.spices, "salz pfeffer zimt muskat muskatnuss sel poivre cannelle sale pepe cannella sal pimienta canela"),
        ]
        for (aisle, words) in lists {
            for word in words.split(separator: " ") { table[String(word)] = aisle }
        }
        return table
    }()
}
