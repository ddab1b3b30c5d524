/// zxcvbn's adjacency graphs (Python port 4.5.0, `zxcvbn.adjacency_graphs`), reduced to one line
/// per key: the key's characters (unshifted, then shifted), then the first character of each
/// neighbour in zxcvbn's direction order, ∅ where there is none. Slanted keyboards list six
/// directions (left, upper left, upper right, right, lower right, lower left), keypads eight
/// (left, upper left, up, upper right, right, lower right, down, lower left). Facts taken from
/// zxcvbn (MIT licence: Dropbox, Inc. and Dan Wheeler; the Python port by Daniel Wolf).
enum ZxcvbnGraphs {
    static let qwerty = ##"""
        1! ` ∅ ∅ 2 q ∅
        '" ; [ ] ∅ ∅ /
        3# 2 ∅ ∅ 4 e w
        4$ 3 ∅ ∅ 5 r e
        5% 4 ∅ ∅ 6 t r
        7& 6 ∅ ∅ 8 u y
        9( 8 ∅ ∅ 0 o i
        0) 9 ∅ ∅ - p o
        8* 7 ∅ ∅ 9 i u
        =+ - ∅ ∅ ∅ ] [
        ,< m k l . ∅ ∅
        -_ 0 ∅ ∅ = [ p
        .> , l ; / ∅ ∅
        /? . ; ' ∅ ∅ ∅
        2@ 1 ∅ ∅ 3 w q
        6^ 5 ∅ ∅ 7 y t
        ;: l p [ ' / .
        aA ∅ q w s z ∅
        bB v g h n ∅ ∅
        cC x d f v ∅ ∅
        dD s e r f c x
        eE w 3 4 r d s
        fF d r t g v c
        gG f t y h b v
        hH g y u j n b
        iI u 8 9 o k j
        jJ h u i k m n
        kK j i o l , m
        lL k o p ; . ,
        mM n j k , ∅ ∅
        nN b h j m ∅ ∅
        oO i 9 0 p l k
        pP o 0 - [ ; l
        qQ ∅ 1 2 w a ∅
        rR e 4 5 t f d
        sS a w e d x z
        tT r 5 6 y g f
        uU y 7 8 i j h
        vV c f g b ∅ ∅
        wW q 2 3 e s a
        xX z s d c ∅ ∅
        yY t 6 7 u h g
        zZ ∅ a s x ∅ ∅
        [{ p - = ] ' ;
        \| ] ∅ ∅ ∅ ∅ ∅
        ]} [ = ∅ \ ∅ '
        `~ ∅ ∅ ∅ 1 ∅ ∅
        """##

    static let dvorak = ##"""
        1! ` ∅ ∅ 2 ' ∅
        '" ∅ 1 2 , a ∅
        3# 2 ∅ ∅ 4 . ,
        4$ 3 ∅ ∅ 5 p .
        5% 4 ∅ ∅ 6 y p
        7& 6 ∅ ∅ 8 g f
        9( 8 ∅ ∅ 0 r c
        0) 9 ∅ ∅ [ l r
        8* 7 ∅ ∅ 9 c g
        =+ / ] ∅ \ ∅ -
        ,< ' 2 3 . o a
        -_ s / = ∅ ∅ z
        .> , 3 4 p e o
        /? l [ ] = - s
        2@ 1 ∅ ∅ 3 , '
        6^ 5 ∅ ∅ 7 f y
        ;: ∅ a o q ∅ ∅
        aA ∅ ' , o ; ∅
        bB x d h m ∅ ∅
        cC g 8 9 r t h
        dD i f g h b x
        eE o . p u j q
        fF y 6 7 g d i
        gG f 7 8 c h d
        hH d g c t m b
        iI u y f d x k
        jJ q e u k ∅ ∅
        kK j u i x ∅ ∅
        lL r 0 [ / s n
        mM b h t w ∅ ∅
        nN t r l s v w
        oO a , . e q ;
        pP . 4 5 y u e
        qQ ; o e j ∅ ∅
        rR c 9 0 l n t
        sS n l / - z v
        tT h c r n w m
        uU e p y i k j
        vV w n s z ∅ ∅
        wW m t n v ∅ ∅
        xX k i d b ∅ ∅
        yY p 5 6 f i u
        zZ v s - ∅ ∅ ∅
        [{ 0 ∅ ∅ ] / l
        \| = ∅ ∅ ∅ ∅ ∅
        ]} [ ∅ ∅ ∅ = /
        `~ ∅ ∅ ∅ 1 ∅ ∅
        """##

    static let keypad = ##"""
        * / ∅ ∅ ∅ - + 9 8
        + 9 * - ∅ ∅ ∅ ∅ 6
        - * ∅ ∅ ∅ ∅ ∅ + 9
        . 0 2 3 ∅ ∅ ∅ ∅ ∅
        / ∅ ∅ ∅ ∅ * 9 8 7
        0 ∅ 1 2 3 . ∅ ∅ ∅
        1 ∅ ∅ 4 5 2 0 ∅ ∅
        2 1 4 5 6 3 . 0 ∅
        3 2 5 6 ∅ ∅ ∅ . 0
        4 ∅ ∅ 7 8 5 2 1 ∅
        5 4 7 8 9 6 3 2 1
        6 5 8 9 + ∅ ∅ 3 2
        7 ∅ ∅ ∅ / 8 5 4 ∅
        8 7 ∅ / * 9 6 5 4
        9 8 / * - + ∅ 6 5
        """##

    static let macKeypad = ##"""
        * / ∅ ∅ ∅ ∅ ∅ - 9
        + 6 9 - ∅ ∅ ∅ ∅ 3
        - 9 / * ∅ ∅ ∅ + 6
        . 0 2 3 ∅ ∅ ∅ ∅ ∅
        / = ∅ ∅ ∅ * - 9 8
        0 ∅ 1 2 3 . ∅ ∅ ∅
        1 ∅ ∅ 4 5 2 0 ∅ ∅
        2 1 4 5 6 3 . 0 ∅
        3 2 5 6 + ∅ ∅ . 0
        4 ∅ ∅ 7 8 5 2 1 ∅
        5 4 7 8 9 6 3 2 1
        6 5 8 9 - + ∅ 3 2
        7 ∅ ∅ ∅ = 8 5 4 ∅
        8 7 ∅ = / 9 6 5 4
        9 8 = / * - + 6 5
        = ∅ ∅ ∅ ∅ / 9 8 7
        """##
}
