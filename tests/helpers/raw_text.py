"""Raw sentences written to exercise a tokenizer and tagger: punctuation, quotes, contractions, numbers,
capitals, non-ASCII letters, an empty string, a repeated line."""


#: Sentences in the order the tests index them (the last ones are hypotheses of the first).
HAND_WRITTEN = [
    "A man in a blue shirt is playing the guitar on stage.",
    "Two dogs run through the snow-covered field in 1998.",
    "The 3 kids aren't eating 12,000 grapes; they're \"sleeping\" (maybe).",
    "Nobody is cooking.",
    "",
    "Dogs.",
    "A well-dressed woman, her child and their 2-year-old puppy walk past the café at 10:30 a.m.",
    "THE OLD MAN'S BOAT ISN'T FLOATING!!",
    "Is the girl -- who won -- happy? Yes... she is.",
    "Ein Mann spielt Gitarre.",
    "a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a",
    "Dogs.",
    '"Hello," she said: "I cannot go; gimme 5$ (now)!"',
    "'Tis the season... 'twas [it] {so} <x>? He's done -- isn't he? D'ye WANNA go?",
    "more'n that at 3:30, she'd say ''quoted'' x''y end.)",
    "Caf\u00e9's na\u00efve 'ti\u017f GONNA",
]
