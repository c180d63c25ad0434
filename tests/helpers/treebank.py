"""The fixture treebank: a dependency tree for each sentence the alignment tests read, hand-tagged
(``word/TAG``, lowercased) or raw (tokenized as :mod:`lexnli.text` does), for the tests' tiny
syntax model (:mod:`tests.helpers.syntax_fixture`) to train on.

One sentence a line, each token ``word/TAG/head/label`` (the head 1-based, 0 for the root; the
labels of :data:`lexnli.dependencies.LABELS`). The trees were given by the syntax model built
from the SNLI train subset's parses (the hand-tagged sentences with their own tags), and the
ones the role tests read were checked by hand against :mod:`featurize.reading`'s rules.
"""
from lexnli.dependencies import DependencyTree

TREEBANK = r"""
12/CD/2/dep dogs/NNS/3/nsubj run/VBP/0/root
13/CD/2/dep dogs/NNS/3/nsubj run/VBP/0/root
2/CD/2/dep dogs/NNS/3/nsubj run/VBP/0/root ././3/punct
3/CD/2/dep dogs/NNS/3/nsubj run/VBP/0/root ././3/punct
8/CD/2/dep dogs/NNS/6/nsubj and/CC/2/cc 4/CD/5/dep dogs/NNS/2/conj run/VBP/0/root
A/DT/2/det dog/NN/3/nsubj chases/VBZ/0/root a/DT/5/det cat/NN/3/obj
A/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root
A/DT/2/det finger/NN/4/nsubj is/VBZ/4/aux bleeding/VBG/0/root
A/DT/2/det hand/NN/4/nsubj is/VBZ/4/aux bleeding/VBG/0/root
A/DT/2/det man/NN/8/nsubj in/IN/2/prep a/DT/6/det blue/JJ/6/amod shirt/NN/3/pobj is/VBZ/8/aux riding/VBG/0/root a/DT/10/det bike/NN/8/obj
A/DT/2/det man/NN/3/nsubj kills/VBZ/0/root a/DT/5/det bird/NN/3/obj
A/DT/2/det man/NN/3/nsubj wounds/VBZ/0/root a/DT/5/det bird/NN/3/obj
A/DT/2/det person/NN/3/nsubj rides/VBZ/0/root a/DT/5/det bicycle/NN/3/obj
An/DT/2/det animal/NN/3/nsubj chases/VBZ/0/root a/DT/5/det cat/NN/3/obj
The/DT/2/det man/NN/5/nsubj does/VBZ/5/aux not/RB/5/neg wake/VB/0/root
The/DT/2/det man/NN/3/nsubj sleeps/VBZ/0/root
The/DT/2/det water/NN/3/nsubj is/VBZ/0/root cold/JJ/3/dep
The/DT/2/det water/NN/3/nsubj is/VBZ/0/root hot/JJ/3/dep
Two/CD/2/dep dogs/NNS/3/nsubj run/VBP/0/root ././3/punct
a/DT/3/det 5-year-old/JJ/3/amod girl/NN/4/nsubj sings/VBZ/0/root
a/DT/3/det 7-year-old/JJ/3/amod girl/NN/4/nsubj sings/VBZ/0/root
a/DT/2/det animal/NN/7/nsubj in/IN/2/prep a/DT/6/det blue/JJ/6/amod coat/NN/3/pobj sleeps/VBZ/0/root ././7/punct
a/DT/3/det basketball/NN/3/dep court/NN/0/root
a/DT/2/det bear/NN/4/nsubj is/VBZ/4/aux working/VBG/0/root on/IN/4/prep a/DT/7/det computer/NN/5/pobj
a/DT/3/det big/JJ/3/amod dog/NN/0/root
a/DT/2/det boy/NN/3/nsubj eats/VBZ/0/root a/DT/5/det carrot/NN/3/obj in/IN/5/prep the/DT/8/det park/NN/6/pobj
a/DT/2/det boy/NN/3/nsubj eats/VBZ/0/root an/DT/5/det apple/NN/3/obj in/IN/5/prep the/DT/8/det park/NN/6/pobj
a/DT/2/det boy/NN/3/nsubj runs/VBZ/0/root ././3/punct
a/DT/2/det boy/NN/3/nsubj sits/VBZ/0/root indoors/JJ/3/dep ././3/punct
a/DT/2/det boy/NN/3/nsubj sits/VBZ/0/root indoors/NNS/3/obj ././3/punct
a/DT/2/det boy/NN/3/nsubj sits/VBZ/0/root inside/JJ/3/dep ././3/punct
a/DT/2/det boy/NN/3/nsubj sits/VBZ/0/root outdoors/NNS/3/dep ././3/punct
a/DT/2/det boy/NN/3/nsubj sits/VBZ/0/root outdoors/RB/3/dep ././3/punct
a/DT/2/det boy/NN/3/nsubj sits/VBZ/0/root outside/NN/3/dep ././3/punct
a/DT/2/det boy/NN/3/nsubj sits/VBZ/0/root outside/RB/3/dep ././3/punct
a/DT/2/det cat/NN/3/nsubj bit/VBD/0/root a/DT/5/det dog/NN/3/obj ././3/punct
a/DT/2/det cat/NN/0/root in/IN/2/prep a/DT/5/det box/NN/3/pobj ././2/punct
a/DT/2/det cat/NN/0/root on/IN/2/prep a/DT/5/det box/NN/3/pobj ././2/punct
a/DT/2/det cat/NN/3/nsubj sits/VBZ/0/root on/IN/3/prep a/DT/6/det bench/NN/4/pobj ././3/punct
a/DT/2/det cat/NN/3/nsubj sleeps/VBZ/0/root quietly/RB/3/dep
a/DT/2/det chef/NN/3/nsubj examines/VBZ/0/root a/DT/5/det patient/NN/3/obj ././3/punct
a/DT/2/det child/NN/3/nsubj runs/VBZ/0/root ././3/punct
a/DT/2/det doctor/NN/3/nsubj examines/VBZ/0/root a/DT/5/det patient/NN/3/obj ././3/punct
a/DT/2/det dog/NN/6/nsubj and/CC/2/cc a/DT/5/det man/NN/2/conj play/VBP/0/root
a/DT/3/det dog/NN/3/nsubj bit/NN/0/root a/DT/5/det man/NN/3/dep
a/DT/2/det dog/NN/3/nsubj bit/VBD/0/root a/DT/5/det man/NN/3/obj
a/DT/2/det dog/NN/3/nsubj bit/VBD/0/root a/DT/5/det man/NN/3/obj ././3/punct
a/DT/2/det dog/NN/3/nsubj chases/VBZ/0/root a/DT/8/det big/JJ/8/amod old/JJ/8/amod brown/JJ/8/amod man/NN/3/obj
a/DT/2/det dog/NN/3/nsubj chases/VBZ/0/root a/DT/9/det big/JJ/9/amod old/JJ/9/amod brown/JJ/9/amod small/JJ/9/amod man/NN/3/obj
a/DT/2/det dog/NN/3/nsubj chases/VBZ/0/root a/DT/5/det man/NN/3/obj
a/DT/2/det dog/NN/3/nsubj chases/VBZ/0/root a/DT/5/det man/NN/3/obj near/IN/5/prep a/DT/8/det dog/NN/6/pobj
a/DT/2/det dog/NN/3/nsubj chats/VBZ/0/root a/DT/5/det cat/NN/3/obj
a/DT/2/det dog/NN/3/nsubj chats/VBZ/0/root a/DT/5/det man/NN/3/obj
a/DT/2/det dog/NN/3/nsubj chats/VBZ/0/root with/IN/3/prep a/DT/6/det man/NN/4/pobj
a/DT/2/det dog/NN/5/nsubj does/VBZ/5/aux not/RB/5/neg chase/VB/0/root a/DT/7/det cat/NN/5/obj
a/DT/2/det dog/NN/7/nsubj in/IN/2/prep a/DT/6/det blue/JJ/6/amod coat/NN/3/pobj dances/VBZ/0/root ././7/punct
a/DT/2/det dog/NN/7/nsubj in/IN/2/prep a/DT/6/det blue/JJ/6/amod coat/NN/3/pobj sleeps/VBZ/0/root ././7/punct
a/DT/2/det dog/NN/3/nsubj is/VBZ/0/root big/JJ/3/dep
a/DT/2/det dog/NN/4/nsubj is/VBZ/4/aux sleeping/VBG/0/root
a/DT/2/det dog/NN/3/nsubj licks/VBZ/0/root his/PRP$/5/dep nose/NN/3/obj
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root ././3/punct
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root at/IN/3/prep afternoon/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root at/IN/3/prep dawn/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root at/IN/3/prep dusk/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root at/IN/3/prep evening/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root at/IN/3/prep midnight/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root at/IN/3/prep morning/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root at/IN/3/prep night/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root at/IN/3/prep noon/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root at/IN/3/prep sunrise/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root at/IN/3/prep sunset/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root on/IN/3/prep a/DT/7/det cloudy/JJ/7/amod day/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root on/IN/3/prep a/DT/7/det grassy/JJ/7/amod field/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root on/IN/3/prep a/DT/7/det rainy/JJ/7/amod day/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root on/IN/3/prep a/DT/7/det snowy/JJ/7/amod day/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root on/IN/3/prep a/DT/7/det stormy/JJ/7/amod day/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root on/IN/3/prep a/DT/7/det sunny/JJ/7/amod day/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root on/IN/3/prep a/DT/7/det sunny/NN/7/amod day/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root on/IN/3/prep the/DT/6/det beach/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj runs/VBZ/0/root on/IN/3/prep the/DT/6/det grass/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj sits/VBZ/0/root on/IN/3/prep a/DT/6/det bench/NN/4/pobj ././3/punct
a/DT/2/det dog/NN/3/nsubj sleeps/VBZ/0/root
a/DT/2/det dog/NN/3/nsubj sleeps/VBZ/0/root ././3/punct
a/DT/2/det dog/NN/3/nsubj sleeps/VBZ/0/root near/IN/3/prep an/DT/6/det animal/NN/4/pobj
a/DT/2/det dog/NN/3/nsubj sleeps/VBZ/0/root on/IN/3/prep a/DT/6/det sofa/NN/4/pobj
a/DT/2/det farmer/NN/3/nsubj examines/VBZ/0/root a/DT/5/det patient/NN/3/obj ././3/punct
a/DT/2/det farmer/NN/3/nsubj runs/VBZ/0/root ././3/punct
a/DT/2/det farmer/NN/3/nsubj sits/VBZ/0/root on/IN/3/prep a/DT/6/det bench/NN/4/pobj ././3/punct
a/DT/3/det fire/NN/3/dep engine/NN/0/root
a/DT/3/det fire/NN/3/dep truck/NN/0/root
a/DT/2/det friend/NN/3/nsubj runs/VBZ/0/root ././3/punct
a/DT/2/det girl/NN/7/nsubj in/IN/2/prep a/DT/6/det blue/JJ/6/amod dress/NN/3/pobj sings/VBZ/0/root ././7/punct
a/DT/2/det girl/NN/7/nsubj in/IN/2/prep a/DT/6/det blue/JJ/6/amod dress/NN/3/pobj sings/VBZ/0/root on/IN/7/prep the/DT/11/det big/JJ/11/amod stage/NN/8/pobj ././7/punct
a/DT/2/det girl/NN/7/nsubj in/IN/2/prep a/DT/6/det green/JJ/6/amod dress/NN/3/pobj sings/VBZ/0/root ././7/punct
a/DT/2/det girl/NN/7/nsubj in/IN/2/prep a/DT/6/det red/JJ/6/amod dress/NN/3/pobj sings/VBZ/0/root ././7/punct
a/DT/2/det girl/NN/4/nsubj is/VBZ/4/aux eating/VBG/0/root a/DT/7/det red/JJ/7/amod apple/NN/4/obj ././4/punct
a/DT/2/det girl/NN/4/nsubj is/VBZ/4/aux eating/VBG/0/root an/DT/6/det apple/NN/4/obj ././4/punct
a/DT/2/det girl/NN/3/nsubj runs/VBZ/0/root ././3/punct
a/DT/3/det green/JJ/3/amod dress/NN/0/root ././3/punct
a/DT/3/det grocery/NN/3/dep shop/NN/0/root
a/DT/3/det grocery/NN/3/dep store/NN/0/root
a/DT/2/det guy/NN/3/nsubj runs/VBZ/0/root ././3/punct
a/DT/2/det husband/NN/3/nsubj runs/VBZ/0/root ././3/punct
a/DT/2/det kid/NN/3/nsubj runs/VBZ/0/root ././3/punct
a/DT/2/det lady/NN/3/nsubj runs/VBZ/0/root ././3/punct
a/DT/2/det lamp/NN/4/nsubjpass is/VBZ/4/aux turned/VBN/0/root off/RP/4/dep ././4/punct
a/DT/2/det lamp/NN/4/nsubjpass is/VBZ/4/aux turned/VBN/0/root on/RP/4/dep ././4/punct
a/DT/2/det man/NN/6/nsubj and/CC/2/cc a/DT/5/det man/NN/2/conj sing/VBP/0/root
a/DT/2/det man/NN/7/nsubj and/CC/2/cc a/DT/5/det woman/NN/2/conj are/VBP/7/aux drinking/VBG/0/root at/IN/7/prep a/DT/10/det bar/NN/8/pobj ././7/punct
a/DT/2/det man/NN/6/nsubj and/CC/2/cc a/DT/5/det woman/NN/2/conj walk/VBP/0/root carrying/VBG/6/ccomp a/DT/9/det child/NN/7/obj
a/DT/3/det man/NN/3/nsubj bit/NN/0/root a/DT/5/det dog/NN/3/dep
a/DT/2/det man/NN/3/nsubj bit/VBD/0/root a/DT/5/det dog/NN/3/obj
a/DT/2/det man/NN/3/nsubj bit/VBD/0/root a/DT/5/det dog/NN/3/obj ././3/punct
a/DT/2/det man/NN/7/nsubj carrying/VBG/2/acl a/DT/5/det hat/NN/3/obj is/VBZ/7/aux running/VBG/0/root down/RP/7/dep the/DT/10/det street/NN/7/obj
a/DT/2/det man/NN/3/nsubj chases/VBZ/0/root a/DT/8/det big/JJ/8/amod old/JJ/8/amod brown/JJ/8/amod dog/NN/3/obj
a/DT/2/det man/NN/3/nsubj chases/VBZ/0/root a/DT/9/det big/JJ/9/amod old/JJ/9/amod brown/JJ/9/amod small/JJ/9/amod dog/NN/3/obj
a/DT/2/det man/NN/3/nsubj chases/VBZ/0/root a/DT/5/det dog/NN/3/obj
a/DT/2/det man/NN/3/nsubj chases/VBZ/0/root a/DT/5/det dog/NN/3/obj near/IN/5/prep a/DT/8/det dog/NN/6/pobj
a/DT/2/det man/NN/3/nsubj examines/VBZ/0/root a/DT/5/det patient/NN/3/obj ././3/punct
a/DT/2/det man/NN/3/nsubj gets/VBZ/0/root ././3/punct
a/DT/2/det man/NN/3/nsubj gets/VBZ/0/root up/RP/3/dep ././3/punct
a/DT/2/det man/NN/6/nsubj holding/VBG/2/acl a/DT/5/det child/NN/3/obj walks/VBZ/0/root with/IN/6/prep a/DT/9/det woman/NN/7/pobj
a/DT/2/det man/NN/4/nsubj is/VBZ/4/aux doing/VBG/0/root a/DT/6/det trick/NN/4/obj
a/DT/2/det man/NN/3/nsubj is/VBZ/0/root next/JJ/3/dep to/TO/4/prep a/DT/7/det woman/NN/5/pobj
a/DT/2/det man/NN/3/nsubj is/VBZ/0/root not/RB/3/neg awake/JJ/3/dep
a/DT/2/det man/NN/5/nsubj is/VBZ/5/aux not/RB/5/neg sleeping/VBG/0/root
a/DT/2/det man/NN/5/nsubj is/VBZ/5/aux not/RB/5/neg sleeping/VBG/0/root ././5/punct
a/DT/2/det man/NN/4/nsubj is/VBZ/4/aux singing/VBG/0/root ././4/punct
a/DT/2/det man/NN/4/nsubj is/VBZ/4/aux singing/VBG/0/root or/CC/4/cc a/DT/7/det woman/NN/9/nsubj is/VBZ/9/aux dancing/VBG/4/conj ././4/punct
a/DT/2/det man/NN/4/nsubj is/VBZ/4/aux sleeping/VBG/0/root
a/DT/2/det man/NN/4/nsubj is/VBZ/4/aux sleeping/VBG/0/root ././4/punct
a/DT/2/det man/NN/4/nsubj is/VBZ/4/aux working/VBG/0/root on/IN/4/prep a/DT/7/det computer/NN/5/pobj
a/DT/2/det man/NN/8/nsubj running/VBG/2/acl down/RP/3/dep the/DT/6/det street/NN/3/obj is/VBZ/8/aux carrying/VBG/0/root a/DT/10/det hat/NN/8/obj
a/DT/2/det man/NN/3/nsubj runs/VBZ/0/root ././3/punct
a/DT/2/det man/NN/3/nsubj sits/VBZ/0/root ././3/punct
a/DT/2/det man/NN/3/nsubj sits/VBZ/0/root in/IN/3/prep a/DT/6/det beach/NN/4/pobj ././3/punct
a/DT/2/det man/NN/3/nsubj sits/VBZ/0/root in/IN/3/prep a/DT/6/det kitchen/NN/4/pobj ././3/punct
a/DT/2/det man/NN/3/nsubj sits/VBZ/0/root in/IN/3/prep a/DT/6/det store/NN/4/pobj ././3/punct
a/DT/2/det man/NN/3/nsubj sits/VBZ/0/root in/IN/3/prep a/DT/6/det street/NN/4/pobj ././3/punct
a/DT/2/det man/NN/3/nsubj sits/VBZ/0/root indoors/RB/3/dep ././3/punct
a/DT/2/det man/NN/3/nsubj sits/VBZ/0/root on/IN/3/prep a/DT/6/det bench/NN/4/pobj ././3/punct
a/DT/2/det man/NN/3/nsubj sits/VBZ/0/root on/IN/3/prep a/DT/7/det metal/NN/7/dep bench/NN/4/pobj ././3/punct
a/DT/2/det man/NN/3/nsubj sits/VBZ/0/root on/IN/3/prep a/DT/7/det wood/NN/7/dep bench/NN/4/pobj ././3/punct
a/DT/2/det man/NN/3/nsubj sits/VBZ/0/root on/IN/3/prep a/DT/7/det wooden/JJ/7/amod bench/NN/4/pobj ././3/punct
a/DT/2/det man/NN/3/nsubj sits/VBZ/0/root outside/RB/3/dep ././3/punct
a/DT/2/det man/NN/3/nsubj sleeps/VBZ/0/root
a/DT/2/det man/NN/3/nsubj sleeps/VBZ/0/root ././3/punct
a/DT/2/det man/NN/3/nsubj sleeps/VBZ/0/root on/IN/3/prep a/DT/6/det sofa/NN/4/pobj
a/DT/2/det man/NN/3/nsubj sleeps/VBZ/0/root on/IN/3/prep a/DT/6/det sofa/NN/4/pobj ././3/punct
a/DT/2/det man/NN/4/nsubjpass was/VBD/4/aux bitten/VBN/0/root by/IN/4/prep a/DT/7/det dog/NN/5/pobj ././4/punct
a/DT/2/det man/NN/14/nsubj wearing/VBG/2/acl a/DT/6/det black/JJ/6/amod helmet/NN/3/obj ,/,/6/punct blue/JJ/9/amod jacket/NN/6/conj ,/,/6/punct and/CC/6/cc khaki/JJ/13/dep shirts/NNS/6/conj rides/VBZ/0/root his/PRP$/16/dep bike/NN/14/obj ././14/punct
a/DT/2/det nose/JJ/3/nsubj licks/VBZ/0/root his/PRP$/5/dep dog/NN/3/obj
a/DT/2/det person/NN/3/nsubj runs/VBZ/0/root ././3/punct
a/DT/2/det pilot/NN/3/nsubj examines/VBZ/0/root a/DT/5/det patient/NN/3/obj ././3/punct
a/DT/2/det puppy/NN/4/nsubj is/VBZ/4/aux rolling/VBG/0/root on/IN/4/prep its/PRP$/7/dep back/NN/5/pobj
a/DT/2/det robot/NN/7/nsubj in/IN/2/prep a/DT/6/det green/JJ/6/amod dress/NN/3/pobj sings/VBZ/0/root on/IN/7/prep the/DT/11/det big/JJ/11/amod stage/NN/8/pobj ././7/punct
a/DT/5/det short/JJ/5/amod ,/,/5/punct thin/JJ/5/amod man/NN/6/nsubj runs/VBZ/0/root ././6/punct
a/DT/3/det short/JJ/3/amod man/NN/4/nsubj sleeps/VBZ/0/root ././4/punct
a/DT/3/det short/JJ/3/amod man/NN/4/nsubj stands/VBZ/0/root ././4/punct
a/DT/3/det short-masted/JJ/3/amod boat/NN/0/root ././3/punct
a/DT/2/det skier/NN/3/nsubj moved/VBD/0/root off/RB/3/dep ././3/punct
a/DT/2/det skier/NN/3/nsubj moved/VBD/0/root off/RP/3/dep ././3/punct
a/DT/2/det skier/NN/3/nsubj moved/VBD/0/root on/IN/3/dep ././3/punct
a/DT/2/det skier/NN/3/nsubj moved/VBD/0/root on/RB/3/dep ././3/punct
a/DT/2/det son/NN/3/nsubj runs/VBZ/0/root ././3/punct
a/DT/3/det tall/JJ/3/amod man/NN/4/nsubj eats/VBZ/0/root
a/DT/3/det tall/JJ/3/amod man/NN/4/nsubj eats/VBZ/0/root red/JJ/4/dep
a/DT/3/det tall/JJ/3/amod man/NN/4/nsubj eats/VBZ/0/root red/JJ/6/amod apples/NNS/4/obj
a/DT/3/det tall/JJ/3/amod man/NN/4/nsubj runs/VBZ/0/root ././4/punct
a/DT/3/det tall/JJ/3/amod man/NN/4/nsubj sleeps/VBZ/0/root ././4/punct
a/DT/3/det tall/JJ/3/amod man/NN/4/nsubj stands/VBZ/0/root ././4/punct
a/DT/3/det tall/JJ/3/amod man/NN/4/nsubj walks/VBZ/0/root a/DT/6/det dog/NN/4/obj ././4/punct
a/DT/3/det tall-masted/JJ/3/amod boat/NN/0/root ././3/punct
a/DT/2/det teacher/NN/3/nsubj examines/VBZ/0/root a/DT/5/det patient/NN/3/obj ././3/punct
a/DT/3/det tennis/NN/3/dep court/NN/0/root
a/DT/2/det trick/NN/4/nsubj is/VBZ/4/aux doing/VBG/0/root a/DT/6/det man/NN/4/obj
a/DT/2/det waiter/NN/3/nsubj examines/VBZ/0/root a/DT/5/det patient/NN/3/obj ././3/punct
a/DT/2/det woman/NN/3/nsubj cooks/VBZ/0/root in/IN/3/prep the/DT/7/det dining/VBG/7/amod room/NN/4/pobj
a/DT/2/det woman/NN/3/nsubj cooks/VBZ/0/root in/IN/3/prep the/DT/6/det kitchen/NN/4/pobj
a/DT/2/det woman/NN/3/nsubj cooks/VBZ/0/root in/IN/3/prep the/DT/7/det living/VBG/7/amod room/NN/4/pobj
a/DT/2/det woman/NN/3/nsubj eats/VBZ/0/root a/DT/5/det bench/NN/3/obj ././3/punct
a/DT/2/det woman/NN/3/nsubj eats/VBZ/0/root a/DT/5/det cheese/NN/3/obj ././3/punct
a/DT/2/det woman/NN/3/nsubj eats/VBZ/0/root a/DT/5/det sandwich/NN/3/obj ././3/punct
a/DT/2/det woman/NN/3/nsubj eats/VBZ/0/root a/DT/5/det soup/NN/3/obj ././3/punct
a/DT/2/det woman/NN/10/nsubj in/IN/2/prep a/DT/6/det blue/JJ/6/amod dress/NN/3/pobj and/CC/6/cc green/JJ/9/amod shoes/NNS/6/conj sings/VBZ/0/root ././10/punct
a/DT/2/det woman/NN/7/nsubj in/IN/2/prep a/DT/6/det blue/JJ/6/amod dress/NN/3/pobj sings/VBZ/0/root ././7/punct
a/DT/2/det woman/NN/3/nsubj is/VBZ/0/root next/JJ/3/dep to/TO/4/prep a/DT/7/det man/NN/5/pobj
a/DT/2/det woman/NN/3/nsubj runs/VBZ/0/root ././3/punct
a/DT/2/det woman/NN/3/nsubj sits/VBZ/0/root inside/IN/3/prep weaving/VBG/4/pobj ././3/punct
a/DT/2/det woman/NN/3/nsubj sits/VBZ/0/root inside/JJ/5/dep weaving/VBG/3/ccomp ././3/punct
a/DT/2/det woman/NN/3/nsubj sits/VBZ/0/root inside/RP/3/dep weaving/VBG/3/ccomp ././3/punct
a/DT/2/det woman/NN/3/nsubj sits/VBZ/0/root outside/IN/3/prep weaving/VBG/4/pobj ././3/punct
a/DT/2/det woman/NN/3/nsubj sits/VBZ/0/root outside/JJ/5/dep weaving/VBG/3/ccomp ././3/punct
a/DT/3/det young/JJ/3/amod girl/NN/4/nsubj jumps/VBZ/0/root
a/DT/3/det young/JJ/3/amod woman/NN/4/nsubj jumps/VBZ/0/root
an/DT/2/det animal/NN/4/nsubj is/VBZ/4/aux sleeping/VBG/0/root
an/DT/2/det animal/NN/3/nsubj runs/VBZ/0/root ././3/punct
an/DT/2/det animal/NN/3/nsubj sleeps/VBZ/0/root
an/DT/2/det animal/NN/3/nsubj talks/VBZ/0/root to/TO/3/prep a/DT/6/det cat/NN/4/pobj
certainly/RB/5/dep the/DT/3/det dog/NN/5/nsubj is/VBZ/5/aux sleeping/VBG/0/root ././5/punct
chats/VBZ/0/root hot/JJ/3/amod chats/VBZ/1/obj hot/JJ/5/amod chats/VBZ/3/obj hot/JJ/7/amod chats/VBZ/5/obj hot/JJ/9/amod chats/VBZ/7/obj hot/JJ/11/amod chats/VBZ/9/obj hot/JJ/13/amod chats/VBZ/11/obj hot/JJ/15/amod chats/VBZ/13/obj hot/JJ/17/amod chats/VBZ/15/obj hot/JJ/19/amod chats/VBZ/17/obj hot/JJ/21/amod chats/VBZ/19/obj hot/JJ/23/amod chats/VBZ/21/obj hot/JJ/25/amod chats/VBZ/23/obj hot/JJ/27/amod chats/VBZ/25/obj hot/JJ/29/amod chats/VBZ/27/obj hot/JJ/31/amod chats/VBZ/29/obj hot/JJ/33/amod chats/VBZ/31/obj hot/JJ/35/amod chats/VBZ/33/obj hot/JJ/37/amod chats/VBZ/35/obj hot/JJ/39/amod chats/VBZ/37/obj hot/JJ/39/dep
children/NNS/2/nsubj play/VBP/0/root a/DT/5/det board/NN/5/dep game/NN/2/obj on/IN/5/prep the/DT/8/det floor/NN/6/pobj of/IN/8/prep the/DT/11/det bedroom/NN/9/pobj
children/NNS/2/nsubj play/VBP/0/root a/DT/5/det board/NN/5/dep game/NN/2/obj on/IN/5/prep the/DT/8/det floor/NN/6/pobj of/IN/8/prep the/DT/12/det dining/VBG/12/amod room/NN/9/pobj
children/NNS/2/nsubj play/VBP/0/root a/DT/5/det board/NN/5/dep game/NN/2/obj on/IN/5/prep the/DT/8/det floor/NN/6/pobj of/IN/8/prep the/DT/11/det kitchen/NN/9/pobj
children/NNS/2/nsubj play/VBP/0/root a/DT/5/det board/NN/5/dep game/NN/2/obj on/IN/5/prep the/DT/8/det floor/NN/6/pobj of/IN/8/prep the/DT/12/det living/VBG/12/amod room/NN/9/pobj
children/NNS/2/nsubj play/VBP/0/root a/DT/4/det game/NN/2/obj on/IN/4/prep the/DT/7/det floor/NN/5/pobj of/IN/7/prep the/DT/10/det bedroom/NN/8/pobj ././2/punct
children/NNS/2/nsubj play/VBP/0/root a/DT/4/det game/NN/2/obj on/IN/4/prep the/DT/7/det floor/NN/5/pobj of/IN/7/prep the/DT/11/det living/VBG/11/amod room/NN/8/pobj ././2/punct
dogs/NNS/2/nsubj are/VBP/0/root at/IN/2/prep a/DT/5/det conference/NN/3/pobj
he/PRP/2/nsubj rides/VBZ/0/root a/DT/4/det bike/NN/2/obj
if/IN/4/mark the/DT/3/det boy/NN/4/nsubj is/VBZ/10/advcl wet/JJ/4/dep ,/,/10/punct the/DT/8/det girl/NN/10/nsubj is/VBZ/10/aux laughing/VBG/0/root ././10/punct
it/PRP/2/nsubj hits/VBZ/0/root the/DT/4/det ball/NN/2/obj
look/VB/0/root at/IN/1/prep the/DT/4/det dog/NN/2/pobj
maybe/RB/5/dep the/DT/3/det dog/NN/5/nsubj is/VBZ/5/aux sleeping/VBG/0/root ././5/punct
men/NNS/5/nsubj and/CC/1/cc a/DT/4/det man/NN/1/conj sing/VBP/0/root
men/NNS/4/nsubj and/CC/1/cc dogs/NNS/1/conj play/VBP/0/root
no/DT/2/neg animal/NN/4/nsubj is/VBZ/4/aux sleeping/VBG/0/root
no/DT/2/neg cat/NN/4/nsubj is/VBZ/4/aux sleeping/VBG/0/root
no/DT/2/neg dog/NN/4/nsubj is/VBZ/4/aux sleeping/VBG/0/root
no/DT/2/neg girl/NN/4/nsubj is/VBZ/4/aux eating/VBG/0/root a/DT/7/det red/JJ/7/amod apple/NN/4/obj ././4/punct
no/DT/2/neg girl/NN/4/nsubj is/VBZ/4/aux eating/VBG/0/root an/DT/6/det apple/NN/4/obj ././4/punct
people/NNS/2/nsubj are/VBP/0/root at/IN/2/prep a/DT/5/det conference/NN/3/pobj
people/NNS/3/nsubjpass are/VBP/3/aux gathered/VBN/0/root around/IN/3/prep a/DT/6/det table/NN/4/pobj ././3/punct
people/NNS/2/nsubj gathered/VBD/0/root ././2/punct
since/IN/4/mark the/DT/3/det boy/NN/4/nsubj is/VBZ/0/root wet/JJ/4/dep ,/,/10/punct the/DT/8/det girl/NN/10/nsubj is/VBZ/10/aux laughing/VBG/4/dep ././10/punct
some/DT/2/det man/NN/3/nsubj sleeps/VBZ/0/root
talks/VBZ/0/root cold/JJ/1/dep talks/VBZ/2/dep cold/JJ/3/dep talks/VBZ/4/dep cold/JJ/5/dep talks/VBZ/6/dep cold/JJ/7/dep talks/VBZ/8/dep cold/JJ/9/dep talks/VBZ/10/dep cold/JJ/11/dep talks/VBZ/12/dep cold/JJ/13/dep talks/VBZ/14/dep cold/JJ/15/dep talks/VBZ/16/dep cold/JJ/17/dep talks/VBZ/18/dep cold/JJ/19/dep talks/VBZ/20/dep cold/JJ/21/dep talks/VBZ/22/dep cold/JJ/23/dep talks/VBZ/24/dep cold/JJ/25/dep talks/VBZ/26/dep cold/JJ/27/dep talks/VBZ/28/dep cold/JJ/29/dep talks/VBZ/30/dep cold/JJ/31/dep talks/VBZ/32/dep cold/JJ/33/dep talks/VBZ/34/dep cold/JJ/35/dep talks/VBZ/36/dep cold/JJ/37/dep talks/VBZ/38/dep cold/JJ/39/dep
the/DT/2/det ball/NN/3/nsubj hits/VBZ/0/root it/PRP/3/obj
the/DT/2/det boy/NN/4/nsubj is/VBZ/4/aux pushing/VBG/0/root the/DT/6/det girl/NN/4/obj ././4/punct
the/DT/2/det boy/NN/3/nsubj is/VBZ/0/root wet/JJ/3/dep ././3/punct
the/DT/2/det child/NN/4/nsubj is/VBZ/4/aux watching/VBG/0/root the/DT/6/det dog/NN/4/obj ././4/punct
the/DT/2/det child/NN/4/nsubj is/VBZ/4/aux watching/VBG/0/root the/DT/6/det woman/NN/4/obj ././4/punct
the/DT/2/det dog/NN/3/nsubj bark/VBP/0/root ././3/punct
the/DT/2/det dog/NN/4/nsubj is/VBZ/4/aux following/VBG/0/root the/DT/6/det man/NN/4/obj ././4/punct
the/DT/2/det dog/NN/4/nsubj is/VBZ/4/aux running/VBG/0/root ././4/punct
the/DT/2/det dog/NN/3/nsubj is/VBZ/0/root short/JJ/3/dep ././3/punct
the/DT/2/det dog/NN/4/nsubj is/VBZ/4/aux sleeping/VBG/0/root ././4/punct
the/DT/2/det dog/NN/3/nsubj looks/VBZ/0/root
the/DT/2/det dogs/NNS/3/nsubj bark/VBP/0/root ././3/punct
the/DT/2/det dogs/NNS/3/nsubj chase/VBP/0/root the/DT/5/det men/NNS/3/obj
the/DT/3/det first/JJ/3/amod runner/NN/4/nsubj wins/VBZ/0/root
the/DT/2/det girl/NN/4/nsubj is/VBZ/4/aux eating/VBG/0/root an/DT/6/det apple/NN/4/obj ././4/punct
the/DT/2/det girl/NN/4/nsubj is/VBZ/4/aux eating/VBG/0/root fruit/NN/4/obj ././4/punct
the/DT/2/det girl/NN/5/nsubj is/VBZ/5/aux not/RB/5/neg eating/VBG/0/root an/DT/7/det apple/NN/5/obj ././5/punct
the/DT/2/det girl/NN/5/nsubj is/VBZ/5/aux not/RB/5/neg eating/VBG/0/root an/DT/7/det pear/NN/5/obj ././5/punct
the/DT/2/det girl/NN/5/nsubj is/VBZ/5/aux not/RB/5/neg eating/VBG/0/root fruit/NN/5/obj ././5/punct
the/DT/2/det girl/NN/4/nsubjpass is/VBZ/4/aux pushed/VBN/0/root by/IN/4/prep the/DT/7/det boy/NN/5/pobj ././4/punct
the/DT/2/det girl/NN/4/nsubj is/VBZ/4/aux pushing/VBG/0/root the/DT/6/det boy/NN/4/obj ././4/punct
the/DT/2/det man/NN/4/nsubj is/VBZ/4/aux cooking/VBG/0/root ././4/punct
the/DT/2/det man/NN/4/nsubj is/VBZ/4/aux eating/VBG/0/root the/DT/6/det apple/NN/4/obj
the/DT/2/det man/NN/4/nsubj is/VBZ/4/aux running/VBG/0/root ././4/punct
the/DT/2/det man/NN/3/nsubj is/VBZ/0/root short/JJ/3/dep ././3/punct
the/DT/2/det man/NN/7/nsubj near/IN/2/prep the/DT/5/det dog/NN/3/pobj is/VBZ/7/aux running/VBG/0/root ././7/punct
the/DT/2/det man/NN/3/nsubj refuses/VBZ/0/root to/TO/5/aux eat/VB/3/ccomp the/DT/7/det apple/NN/5/obj
the/DT/2/det man/NN/3/nsubj rides/VBZ/0/root a/DT/5/det bike/NN/3/obj ././3/punct
the/DT/2/det man/NN/9/nsubj who/WP/7/obj the/DT/5/det dog/NN/7/nsubj is/VBZ/7/aux following/VBG/2/relcl is/VBZ/9/aux running/VBG/0/root ././9/punct
the/DT/2/det men/NNS/3/nsubj chased/VBD/0/root the/DT/5/det dogs/NNS/3/obj
the/DT/3/det second/JJ/3/amod runner/NN/4/nsubj wins/VBZ/0/root
the/DT/2/det woman/NN/7/nsubj and/CC/2/cc the/DT/5/det child/NN/2/conj are/VBP/7/aux watching/VBG/0/root the/DT/9/det dog/NN/7/obj ././7/punct
the/DT/2/det woman/NN/3/nsubj knows/VBZ/0/root the/DT/5/det man/NN/7/nsubj is/VBZ/7/aux cooking/VBG/3/ccomp ././7/punct
the/DT/2/det woman/NN/3/nsubj thinks/VBZ/0/root the/DT/5/det man/NN/7/nsubj is/VBZ/7/aux cooking/VBG/3/ccomp ././3/punct
there/EX/2/nsubj is/VBZ/0/root no/DT/4/neg puppy/NN/2/dep rolling/VBG/4/acl
three/CD/2/dep dogs/NNS/3/nsubj run/VBP/0/root ././3/punct
three/CD/2/dep men/NNS/3/nsubj sing/VBP/0/root
three/CD/2/dep people/NNS/4/nsubj are/VBP/4/aux drinking/VBG/0/root ././4/punct
two/CD/2/dep cats/NNS/3/nsubj run/VBP/0/root on/IN/3/prep the/DT/6/det beach/NN/4/pobj ././3/punct
two/CD/2/dep dogs/NNS/3/nsubj run/VBP/0/root
two/CD/2/dep dogs/NNS/3/nsubj run/VBP/0/root ././3/punct
two/CD/2/dep dogs/NNS/3/nsubj run/VBP/0/root on/IN/3/prep the/DT/6/det beach/NN/4/pobj ././3/punct
two/CD/2/dep dogs/NNS/3/nsubj sing/VBP/0/root
two/CD/2/dep dogs/NNS/3/nsubj sing/VBP/0/root ././3/punct
two/CD/2/dep guys/NNS/3/nsubj run/VBP/0/root ././3/punct
two/CD/2/dep men/NNS/3/nsubj run/VBP/0/root ././3/punct
two/CD/2/dep men/NNS/3/nsubj sing/VBP/0/root
two/CD/2/dep men/NNS/3/nsubj sing/VBP/0/root ././3/punct
two/CD/2/dep people/NNS/4/nsubj are/VBP/4/aux drinking/VBG/0/root ././4/punct
two/CD/2/dep persons/NNS/3/nsubj sing/VBP/0/root
The/DT/2/det girl/NN/5/nsubj is/VBZ/5/aux not/RB/5/neg eating/VBG/0/root fruit/NN/5/obj ././5/punct
The/DT/2/det girl/NN/5/nsubj is/VBZ/5/aux not/RB/5/neg eating/VBG/0/root an/DT/7/det apple/NN/5/obj ././5/punct
No/DT/2/neg girl/NN/4/nsubj is/VBZ/4/aux eating/VBG/0/root a/DT/7/det red/JJ/7/amod apple/NN/4/obj ././4/punct
No/DT/2/neg girl/NN/4/nsubj is/VBZ/4/aux eating/VBG/0/root an/DT/6/det apple/NN/4/obj ././4/punct
The/DT/2/det girl/NN/4/nsubjpass is/VBZ/4/aux pushed/VBN/0/root by/IN/4/prep the/DT/7/det boy/NN/5/pobj ././4/punct
The/DT/2/det girl/NN/4/nsubj is/VBZ/4/aux pushing/VBG/0/root the/DT/6/det boy/NN/4/obj ././4/punct
The/DT/2/det boy/NN/4/nsubj is/VBZ/4/aux pushing/VBG/0/root the/DT/6/det girl/NN/4/obj ././4/punct
The/DT/2/det woman/NN/7/nsubj and/CC/2/cc the/DT/5/det child/NN/2/conj are/VBP/7/aux watching/VBG/0/root the/DT/9/det dog/NN/7/obj ././7/punct
The/DT/2/det child/NN/4/nsubj is/VBZ/4/aux watching/VBG/0/root the/DT/6/det woman/NN/4/obj ././4/punct
The/DT/2/det man/NN/9/nsubj who/WP/7/obj the/DT/5/det dog/NN/7/nsubj is/VBZ/7/aux following/VBG/2/relcl is/VBZ/9/aux running/VBG/0/root ././9/punct
The/DT/2/det dog/NN/4/nsubj is/VBZ/4/aux running/VBG/0/root ././4/punct
The/DT/2/det man/NN/4/nsubj is/VBZ/4/aux running/VBG/0/root ././4/punct
The/DT/2/det man/NN/7/nsubj near/IN/2/prep the/DT/5/det dog/NN/3/pobj is/VBZ/7/aux running/VBG/0/root ././7/punct
If/IN/4/mark the/DT/3/det boy/NN/4/nsubj is/VBZ/10/advcl wet/JJ/4/dep ,/,/10/punct the/DT/8/det girl/NN/10/nsubj is/VBZ/10/aux laughing/VBG/0/root ././10/punct
The/DT/2/det boy/NN/3/nsubj is/VBZ/0/root wet/JJ/3/dep ././3/punct
Since/IN/4/mark the/DT/3/det boy/NN/4/nsubj is/VBZ/0/root wet/JJ/4/dep ,/,/10/punct the/DT/8/det girl/NN/10/nsubj is/VBZ/10/aux laughing/VBG/4/dep ././10/punct
The/DT/2/det woman/NN/3/nsubj thinks/VBZ/0/root the/DT/5/det man/NN/7/nsubj is/VBZ/7/aux cooking/VBG/3/ccomp ././3/punct
The/DT/2/det man/NN/4/nsubj is/VBZ/4/aux cooking/VBG/0/root ././4/punct
The/DT/2/det woman/NN/3/nsubj knows/VBZ/0/root the/DT/5/det man/NN/7/nsubj is/VBZ/7/aux cooking/VBG/3/ccomp ././7/punct
Maybe/RB/5/dep the/DT/3/det dog/NN/5/nsubj is/VBZ/5/aux sleeping/VBG/0/root ././5/punct
The/DT/2/det dog/NN/4/nsubj is/VBZ/4/aux sleeping/VBG/0/root ././4/punct
Certainly/RB/5/dep the/DT/3/det dog/NN/5/nsubj is/VBZ/5/aux sleeping/VBG/0/root ././5/punct
A/DT/2/det man/NN/4/nsubj is/VBZ/4/aux singing/VBG/0/root or/CC/4/cc a/DT/7/det woman/NN/9/nsubj is/VBZ/9/aux dancing/VBG/4/conj ././4/punct
A/DT/2/det man/NN/4/nsubj is/VBZ/4/aux singing/VBG/0/root ././4/punct
"""


def trees() -> list[DependencyTree]:
    """The treebank's trees, in order."""
    found = []
    for line in TREEBANK.strip().splitlines():
        tokens, tags, heads, labels = zip(*(item.rsplit("/", 3) for item in line.split()))
        found.append(DependencyTree(tokens, tags, tuple(map(int, heads)), labels))
    return found
